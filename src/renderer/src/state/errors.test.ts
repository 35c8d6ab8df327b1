import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/ipc/contract';
import { describeError } from './errors';

describe('describeError', () => {
  it('shows main’s Chinese text in Chinese and its English in English, from either shape of details', () => {
    const deep = new AppError('ipc/too-deep', 'The body nests too deep.', { zh: '请求嵌套太深。' });
    expect(describeError(deep, 'zh')).toBe('请求嵌套太深。');
    expect(describeError(deep, 'en')).toBe('The body nests too deep. (ipc/too-deep)');
    const font = new AppError('fonts/missing', 'No font.', { message: { zh: '项目中没有这个字体。', en: 'The project has no such font.' } });
    expect(describeError(font, 'zh')).toBe('项目中没有这个字体。');
    expect(describeError(font, 'en')).toBe('The project has no such font.');
  });
  it('falls back to the English message with its code, or the plain text', () => {
    expect(describeError(new AppError('projects/conflict', 'Changed on disk.', { revision: 'abc' }), 'zh')).toBe('Changed on disk. (projects/conflict)');
    expect(describeError(new Error('boom'), 'zh')).toBe('boom');
    expect(describeError('text', 'en')).toBe('text');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './format';

describe('formatNumber', () => {
  it('shows General numbers with 15 significant digits at most', () => {
    expect(formatNumber(7, undefined)).toBe('7');
    expect(formatNumber(0.1 + 0.2, 'General')).toBe('0.3');
    expect(formatNumber(-2.5, 'General')).toBe('-2.5');
    expect(formatNumber(1e21, 'General')).toBe('1E+21');
  });
  it('applies fixed, grouped, percent and scientific formats', () => {
    expect(formatNumber(3.14159, '0.00')).toBe('3.14');
    expect(formatNumber(2.5, '0')).toBe('3');
    expect(formatNumber(1234567.891, '#,##0.00')).toBe('1,234,567.89');
    expect(formatNumber(-1234, '#,##0;[Red]-#,##0')).toBe('-1,234');
    expect(formatNumber(0.125, '0.0%')).toBe('12.5%');
    expect(formatNumber(0.5, '0%')).toBe('50%');
    expect(formatNumber(12345, '0.00E+00')).toBe('1.23E+04');
    expect(formatNumber(-0.001, '0.00')).toBe('0.00');
  });
  it('keeps the currency symbols and literal text around the number', () => {
    expect(formatNumber(42, '"¥"#,##0.00')).toBe('¥42.00');
    expect(formatNumber(-1234.5, '[$¥-804]#,##0.00')).toBe('-¥1,234.50');
    expect(formatNumber(1234.5, '$#,##0')).toBe('$1,235');
    expect(formatNumber(3, '0" pts"')).toBe('3 pts');
    expect(formatNumber(3, '0\\%')).toBe('3%');
  });
  it('falls back to General for formats it does not know', () => {
    expect(formatNumber(0.75, '# ?/?')).toBe('0.75');
    expect(formatNumber(45000, 'mmm yy')).toBe('45000');
  });
});

describe('formatDate', () => {
  it('writes dates as ISO, with the time only when there is one', () => {
    expect(formatDate(new Date(Date.UTC(2026, 0, 31)))).toBe('2026-01-31');
    expect(formatDate(new Date(Date.UTC(2026, 0, 31, 12, 30, 5)))).toBe('2026-01-31T12:30:05');
    expect(formatDate(new Date(Date.UTC(1899, 11, 30, 8, 15)))).toBe('08:15:00');
  });
});

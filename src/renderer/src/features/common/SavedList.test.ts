import { createRawSnippet } from 'svelte';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import SavedList from './SavedList.svelte';

type Item = { id: string; name?: string | null; problem?: unknown };
const words = {
  rename: 'Rename',
  delete: 'Delete',
  renameOne: (i: Item) => `Rename ${i.id}`,
  deleteOne: (i: Item) => `Delete ${i.id}`,
  nameLabel: 'Name',
  namePlaceholder: '',
  saveName: 'Save',
  cancel: 'Cancel',
  deleteAsk: 'Delete it?',
  deleteYes: 'Delete',
};
const list = (props: object) =>
  render(SavedList<Item>, { props: { items: [{ id: 'a', name: 'First' }, { id: 'b', problem: { message: 'bad' } }], busy: false, words, nameMax: 80, title: (i: Item) => i.name ?? i.id, kind: 'run', onrename: async () => true, ondelete: async () => true, ...props } }).body.replace(/<!--[^>]*-->/g, '');

describe('a saved list', () => {
  it('names each row by its kind, with Rename and Delete; an unreadable file keeps only Delete', () => {
    const open = createRawSnippet((i: () => Item) => ({ render: () => `<button data-open="${i().id}">Open</button>` }));
    const tags = createRawSnippet((i: () => Item) => ({ render: () => `<span class="tag">${i().id}</span>` }));
    const body = list({ actions: open, tags, current: (i: Item) => i.id === 'a', dense: true });
    expect(body.match(/<li /g)).toHaveLength(2);
    expect(body).toMatch(/<ul class="[^"]*dense/);
    expect(body).toMatch(/<li data-run-id="a" class="[^"]*current/);
    expect(body).toMatch(/data-run-title="">First</);
    expect(body).toContain('aria-label="Rename a"');
    expect(body).toContain('aria-label="Delete b"');
    expect(body).not.toContain('aria-label="Rename b"');
    expect(body).toContain('data-open="a"');
    expect(body).not.toContain('data-open="b"');
    expect(body).toMatch(/<li data-run-id="b" class="[^"]*bad/);
    expect(body).toContain('<span class="tag">b</span>');
  });
});

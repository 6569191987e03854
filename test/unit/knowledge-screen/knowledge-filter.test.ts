import type { KnowledgeEntry } from '@contracts/knowledge';
import { describe, expect, it } from 'vitest';
import {
  filterKnowledgeEntries,
  isFiltered,
  NO_FILTERS,
  type KnowledgeFilters,
} from '../../../frontend/src/dashboard/knowledge/knowledge-filter.js';

function entry(id: string, fields: Partial<KnowledgeEntry>): KnowledgeEntry {
  return {
    id,
    user_id: 'owner',
    chatbot_id: null,
    title: id,
    content: '',
    type: 'context',
    is_active: true,
    file_name: null,
    file_size: null,
    has_file: false,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...fields,
    content_length: (fields.content ?? '').length,
  };
}

const hours = entry('hours', { title: 'Opening Hours', content: 'We open at 7 am, Monday to Saturday.', type: 'faq', chatbot_id: 'bakery' });
const menu = entry('menu', { title: 'Menu', content: 'Sourdough and rye loaves.', type: 'document', file_name: 'Spring-Menu.pdf' });
const parking = entry('parking', { title: 'Parking', content: 'Free parking behind the shop.', chatbot_id: 'cafe' });
const all = [hours, menu, parking];
const ids = (filters: Partial<KnowledgeFilters>) => filterKnowledgeEntries(all, { ...NO_FILTERS, ...filters }).map((e) => e.id);

describe('filterKnowledgeEntries', () => {
  it('keeps every entry, in order, without filters', () => {
    expect(ids({})).toEqual(['hours', 'menu', 'parking']);
    expect(isFiltered(NO_FILTERS)).toBe(false);
  });

  it('searches title, content and file name, ignoring case, and needs every word', () => {
    expect(ids({ search: 'opening' })).toEqual(['hours']);
    expect(ids({ search: '  SOURDOUGH ' })).toEqual(['menu']);
    expect(ids({ search: 'spring-menu' })).toEqual(['menu']);
    expect(ids({ search: 'free shop' })).toEqual(['parking']);
    expect(ids({ search: 'free sourdough' })).toEqual([]);
    expect(isFiltered({ ...NO_FILTERS, search: 'x' })).toBe(true);
    expect(isFiltered({ ...NO_FILTERS, search: '   ' })).toBe(false);
  });

  it('filters by type', () => {
    expect(ids({ type: 'faq' })).toEqual(['hours']);
    expect(ids({ type: 'link' })).toEqual([]);
  });

  it('filters by assistant: unassigned means entries for all assistants; one assistant means its own entries', () => {
    expect(ids({ assistant: 'unassigned' })).toEqual(['menu']);
    expect(ids({ assistant: { chatbotId: 'cafe' } })).toEqual(['parking']);
    expect(ids({ assistant: { chatbotId: 'bakery' }, search: 'parking' })).toEqual([]);
    expect(isFiltered({ ...NO_FILTERS, assistant: 'unassigned' })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { filterOptions, needsSearch } from '../../../../renderer/cashier/sale/start/picker-search';

const chains = [
  { id: '1', label: 'ETHEREUM' },
  { id: '56', label: 'BSC' },
  { id: '137', label: 'POLYGON' },
  { id: '42161', label: 'ARBITRUM', keywords: ['layer 2'] },
  { id: '784', label: 'SUI' },
];

describe('picker search', () => {
  it('shows a search box only for lists longer than six', () => {
    expect(needsSearch(6)).toBe(false);
    expect(needsSearch(7)).toBe(true);
  });

  it('keeps everything for an empty query', () => {
    expect(filterOptions(chains, '  ')).toEqual(chains);
  });

  it('matches case-insensitively, prefix matches first', () => {
    expect(filterOptions(chains, 'u').map((c) => c.id)).toEqual(['1', '42161', '784']);
    expect(filterOptions(chains, 's').map((c) => c.id)).toEqual(['784', '56']);
    expect(filterOptions(chains, 'su').map((c) => c.id)).toEqual(['784']);
    expect(filterOptions(chains, 'eTh').map((c) => c.id)).toEqual(['1']);
    expect(filterOptions(chains, 'i').map((c) => c.id)).toEqual(['42161', '784']);
  });

  it('matches keywords and finds nothing when nothing matches', () => {
    expect(filterOptions(chains, 'layer').map((c) => c.id)).toEqual(['42161']);
    expect(filterOptions(chains, 'doge')).toEqual([]);
  });
});

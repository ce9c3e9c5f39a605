// @vitest-environment jsdom
// The search and filters form the reviews and mailing list pages share: applied together, the search
// trimmed; a value the choices no longer hold stays choosable; Clear filters and the server's messages.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Choice, SearchForm } from '../../src/ui/search-form.js';

afterEach(cleanup);

interface Filters {
  readonly q: string;
  readonly colour: string;
  readonly size: string;
}
const NONE: Filters = { q: '', colour: '', size: '' };
const CHOICES: readonly Choice<Filters>[] = [
  { key: 'colour', label: 'Colour', any: 'Any colour', options: [['blue', 'Blue']], kept: (v) => `Colour ${v}` },
  { key: 'size', label: 'Size', any: 'Any size', options: [['s', 'Small']] },
];

function draw(filters: Filters, extra: { cleared?: Filters | null; errors?: Record<string, string> } = {}) {
  const applied: Filters[] = [];
  render(
    <SearchForm
      className="list-tools"
      label="Search things"
      placeholder="Words"
      filters={filters}
      choices={CHOICES}
      cleared={extra.cleared ?? null}
      errors={extra.errors ?? {}}
      onFilters={(f) => applied.push(f)}
    />,
  );
  return applied;
}

const options = (label: string) => Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((o) => `${o.value}:${o.text}`);

describe('the search form', () => {
  it('applies the fields together, the search trimmed, and nothing before Apply', () => {
    const applied = draw(NONE);
    expect(screen.getByRole('search', { name: 'Search things' })).toBeDefined();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '  glaze ' } });
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: 'blue' } });
    expect(applied).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(applied).toEqual([{ q: 'glaze', colour: 'blue', size: '' }]);
  });

  it('keeps a value from the address that the choices no longer hold, where the choice allows it', () => {
    draw({ q: '', colour: 'green', size: 'xl' });
    expect(options('Colour')).toEqual([':Any colour', 'blue:Blue', 'green:Colour green']);
    expect((screen.getByLabelText('Colour') as HTMLSelectElement).value).toBe('green');
    expect(options('Size')).toEqual([':Any size', 's:Small']);
  });

  it('offers Clear filters only when something narrows the list, and shows the server’s messages', () => {
    const applied = draw({ q: 'glaze', colour: '', size: '' }, { cleared: NONE, errors: { q: 'Search for at most 200 characters.' } });
    expect(screen.getByText('Search for at most 200 characters.')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(applied).toEqual([NONE]);
    cleanup();
    draw(NONE);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { MOOD_GROUPS } from '@sori/contract';
import { createTestI18n } from '../../../test/i18n';
import { NO_CONDITIONS, type SearchConditions } from '../search-conditions';
import { FilterBar } from './FilterBar';

function Filters({ seen }: { seen: SearchConditions[] }) {
  const [conditions, setConditions] = useState(NO_CONDITIONS);
  return (
    <FilterBar
      conditions={conditions}
      onChange={(next) => {
        seen.push(next);
        setConditions(next);
      }}
      testIdPrefix="f"
    />
  );
}

async function renderFilters() {
  const i18n = await createTestI18n('ko');
  const seen: SearchConditions[] = [];
  render(
    <I18nextProvider i18n={i18n}>
      <Filters seen={seen} />
    </I18nextProvider>,
  );
  return seen;
}

/** The controls Tab stops at inside `box`. */
const tabStops = (box: HTMLElement) =>
  [...box.querySelectorAll<HTMLElement>('input, button')].filter((el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled);

describe('the filter chips: one Tab stop a group, the arrows inside', () => {
  it('takes one stop per mood group; the arrows move within it, Space ticks, Tab goes on to the next group', async () => {
    const user = userEvent.setup();
    const seen = await renderFilters();
    await user.click(screen.getByRole('button', { name: '분위기' }));
    const bright = screen.getByRole('group', { name: '밝은' });
    const panel = bright.parentElement!;
    expect(tabStops(panel)).toHaveLength(MOOD_GROUPS.length);

    const first = within(bright).getByRole('checkbox', { name: '밝은' });
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(bright).getByRole('checkbox', { name: '평화로운' })).toHaveFocus();
    await user.keyboard(' ');
    expect(seen.at(-1)?.moods).toEqual([1102]);
    await user.keyboard('{End}');
    expect(within(bright).getByRole('checkbox', { name: '모험적인' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(first).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(within(screen.getByRole('group', { name: '신나는' })).getByRole('checkbox', { name: '신나는' })).toHaveFocus();
    // Back into the first group: on the chip last focused there.
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(first).toHaveFocus();
  });

  it('takes one stop for the 17 keys, on the chosen one, and goes across the flat, sharp and natural groups', async () => {
    const user = userEvent.setup();
    await renderFilters();
    await user.click(screen.getByRole('button', { name: '키 · BPM' }));
    const keys = screen.getByRole('group', { name: '플랫' }).parentElement!;
    expect(tabStops(keys)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'A' }));
    expect(tabStops(keys)).toEqual([screen.getByRole('button', { name: 'A', pressed: true })]);
    // The last flat key's right neighbour is the first sharp one.
    const flats = within(screen.getByRole('group', { name: '플랫' })).getAllByRole('button');
    flats.at(-1)!.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(screen.getByRole('group', { name: '샵' })).getAllByRole('button')[0]).toHaveFocus();
  });
});

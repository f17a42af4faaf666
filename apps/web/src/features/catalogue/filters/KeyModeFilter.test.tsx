import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/i18n';
import { NO_CONDITIONS, toApiQuery, type SearchConditions } from '../search-conditions';
import { FilterBar } from './FilterBar';
import { SelectedTags } from './SelectedTags';

/** The filters as the search screen holds them: the bar and the tags, on one set of conditions. */
function Filters({ start, seen }: { start: SearchConditions; seen: SearchConditions[] }) {
  const [conditions, setConditions] = useState(start);
  const change = (next: SearchConditions) => {
    seen.push(next);
    setConditions(next);
  };
  return (
    <div data-testid="search-bar">
      <FilterBar conditions={conditions} onChange={change} testIdPrefix="f" />
      <SelectedTags conditions={conditions} onRemove={change} />
    </div>
  );
}

async function renderFilters(lang: 'ko' | 'en' | 'ja', start: SearchConditions = NO_CONDITIONS) {
  const i18n = await createTestI18n(lang);
  const seen: SearchConditions[] = [];
  render(
    <I18nextProvider i18n={i18n}>
      <Filters start={start} seen={seen} />
    </I18nextProvider>,
  );
  return seen;
}

describe('the key filter’s major and minor', () => {
  it('searches every minor key, and a chosen key in minor only, said as the key list says it', async () => {
    const user = userEvent.setup();
    const seen = await renderFilters('ko');
    await user.click(screen.getByRole('button', { name: '키 · BPM' }));
    const group = screen.getByRole('group', { name: '장조·단조' });
    await user.click(screen.getByRole('button', { name: '단조' }));
    expect(seen.at(-1)).toMatchObject({ soundKey: null, keyMode: 'minor' });
    expect(toApiQuery(seen.at(-1)!)).toMatchObject({ keyMode: 'minor' });
    expect(screen.getByRole('button', { name: '단조' })).toHaveAttribute('aria-pressed', 'true');
    expect(group).toContainElement(screen.getByRole('button', { name: '장조' }));
    await user.click(screen.getByRole('button', { name: 'A' }));
    expect(seen.at(-1)).toMatchObject({ soundKey: 'A', keyMode: 'minor' });
    // The toggle sums it up as the track list writes the key.
    expect(screen.getByRole('button', { name: '키 · BPM, A 단조' })).toBeInTheDocument();
  });

  it('shows the mode as a tag of its own, whose removal keeps the key', async () => {
    const user = userEvent.setup();
    const seen = await renderFilters('ja', { ...NO_CONDITIONS, soundKey: 'A', keyMode: 'minor' });
    expect(screen.getByRole('button', { name: 'キー・BPM, イ短調' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '短調を外す' }));
    expect(seen.at(-1)).toMatchObject({ soundKey: 'A', keyMode: null });
  });

  it('lets a mode chosen again be unchosen (en)', async () => {
    const user = userEvent.setup();
    const seen = await renderFilters('en', { ...NO_CONDITIONS, keyMode: 'major' });
    await user.click(screen.getByRole('button', { name: 'Key · BPM, Major' }));
    await user.click(screen.getByRole('button', { name: 'Major', pressed: true }));
    expect(seen.at(-1)).toMatchObject({ keyMode: null });
  });
});

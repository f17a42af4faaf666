import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/i18n';
import { NO_CONDITIONS } from '../search-conditions';
import { BpmRange } from './FilterFields';
import FilterModal from './FilterModal';

function Range({ seen }: { seen: [number | null, number | null][] }) {
  const [bounds, setBounds] = useState<[number | null, number | null]>([null, null]);
  return (
    <BpmRange
      min={bounds[0]}
      max={bounds[1]}
      onChange={(min, max) => {
        seen.push([min, max]);
        setBounds([min, max]);
      }}
    />
  );
}

async function renderRange(lang: 'ko' | 'en' | 'ja') {
  const i18n = await createTestI18n(lang);
  const seen: [number | null, number | null][] = [];
  render(
    <I18nextProvider i18n={i18n}>
      <Range seen={seen} />
    </I18nextProvider>,
  );
  return seen;
}

describe('the BPM range', () => {
  it('says when a bound typed is none, beside the box, and searches without it', async () => {
    const user = userEvent.setup();
    const seen = await renderRange('ko');
    const min = screen.getByLabelText('최소 BPM');
    await user.type(min, '-20');
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(min).toHaveAccessibleDescription('BPM은 0보다 크고 999 이하인 숫자로 입력해주세요. 이 값은 검색에 쓰지 않았습니다.');
    expect(seen.at(-1) ?? [null, null]).toEqual([null, null]);
    // Put right, the message goes and the bound is searched.
    await user.clear(min);
    await user.type(min, '70');
    expect(min).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('bpm-error')).toHaveTextContent('');
    expect(seen.at(-1)).toEqual([70, null]);
  });

  it('takes a tempo with decimals, as the analysis measures them (en)', async () => {
    const user = userEvent.setup();
    const seen = await renderRange('en');
    await user.type(screen.getByLabelText('Max BPM'), '92.5');
    expect(seen.at(-1)).toEqual([null, 92.5]);
    await user.type(screen.getByLabelText('Min BPM'), '1000');
    expect(screen.getByLabelText('Min BPM')).toHaveAccessibleDescription(
      'Enter a BPM above 0 and up to 999. This value was left out of the search.',
    );
  });

  it('starts again from nothing when the filter sheet is reset: no number that was no bound, nor its message, is left', async () => {
    const user = userEvent.setup();
    const i18n = await createTestI18n('ko');
    render(
      <I18nextProvider i18n={i18n}>
        <FilterModal show conditions={{ ...NO_CONDITIONS, keyMode: 'minor' }} onApply={() => undefined} onClose={() => undefined} />
      </I18nextProvider>,
    );
    const min = await screen.findByLabelText('최소 BPM');
    await user.type(min, '0');
    expect(min).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByTestId('filter-modal-reset'));
    expect(screen.getByLabelText('최소 BPM')).toHaveValue(null);
    expect(screen.getByLabelText('최소 BPM')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('bpm-error')).toHaveTextContent('');
    expect(screen.getByRole('button', { name: '단조' })).toHaveAttribute('aria-pressed', 'false');
  });
});

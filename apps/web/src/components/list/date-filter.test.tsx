import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '../../i18n/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DateFilter } from './date-filter.tsx';

afterEach(async () => {
  await i18next.changeLanguage('en');
});

/** The text a field shows. */
const shownIn = (label: string) =>
  screen.getByText(label).closest('.mantine-InputWrapper-root')?.querySelector('button')?.textContent;

describe('DateFilter', () => {
  it('writes the chosen day as day/month/year on an Arabic page, not mm/dd/yyyy', async () => {
    await i18next.changeLanguage('ar');
    renderWithProviders(<DateFilter label="من" value="2026-11-05" onChange={() => undefined} />);
    // Intl's Arabic order: the right-to-left marks keep the day first when read right to left.
    expect(shownIn('من')).toBe('05\u200f/11\u200f/2026');
  });

  it('writes it the English page’s way too, and nothing when no day is chosen', async () => {
    renderWithProviders(
      <>
        <DateFilter label="From" value="2026-11-05" onChange={() => undefined} />
        <DateFilter label="To" value="" onChange={() => undefined} />
      </>,
    );
    expect(shownIn('From')).toBe('05/11/2026');
    expect(shownIn('To')).toBe('');
  });

  it('offers to clear a list’s day, never a report’s', () => {
    renderWithProviders(
      <>
        <DateFilter label="From" value="2026-11-05" onChange={() => undefined} />
        <DateFilter required label="Report from" value="2026-11-05" onChange={() => undefined} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Clear From' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear Report from' })).not.toBeInTheDocument();
  });
});

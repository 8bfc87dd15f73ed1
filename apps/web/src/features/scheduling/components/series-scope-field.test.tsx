import type { SessionEditScope } from '@tasreeh/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SeriesScopeField } from './series-scope-field.tsx';

/** The question with the scope it holds shown beside it, as the session form keeps it. */
function ScopeQuestion({ action = 'edit' }: { action?: 'edit' | 'cancel' }) {
  const [scope, setScope] = useState<SessionEditScope>('one');
  return (
    <>
      <SeriesScopeField action={action} value={scope} onChange={setScope} />
      <output>{scope}</output>
    </>
  );
}

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('the series scope question', () => {
  it('asks whether the edit changes this session only or the following ones too, this one by default', async () => {
    renderWithProviders(<ScopeQuestion />);
    expect(screen.getByRole('radiogroup', { name: /part of a weekly series/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'This session only' })).toBeChecked();
    await userEvent.click(
      screen.getByRole('radio', { name: 'This and the following sessions in the series' }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('following');
    await userEvent.click(screen.getByRole('radio', { name: 'This session only' }));
    expect(screen.getByRole('status')).toHaveTextContent('one');
  });

  it('asks which sessions a cancel cancels', () => {
    renderWithProviders(<ScopeQuestion action="cancel" />);
    expect(screen.getByRole('radiogroup', { name: /weekly series\. Cancel:/ })).toBeInTheDocument();
    expect(
      screen.getByText('If any of the following sessions has bookings, nothing is cancelled.'),
    ).toBeInTheDocument();
  });

  it('asks it in Arabic', async () => {
    await i18next.changeLanguage('ar');
    renderWithProviders(<ScopeQuestion />);
    expect(screen.getByRole('radiogroup', { name: /طبّق التعديلات على/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'هذه الجلسة والجلسات التالية في السلسلة' })).not.toBeChecked();
  });
});

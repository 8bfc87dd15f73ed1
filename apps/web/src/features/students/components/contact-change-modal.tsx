import { useQueryClient } from '@tanstack/react-query';
import { normalizePhone } from '@tasreeh/shared';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeModal } from '../../registration/components/otp-modal.tsx';
import type { OtpSession } from '../../registration/components/otp-session-store.ts';
import { type ContactChange, requestContactChange, verifyContactChange } from '../api.ts';

/**
 * The login e-mail and phone an edit changes, as the API will compare them (e-mail lower-cased,
 * phone as E.164): each must be confirmed with the code sent to it before the edit is saved.
 */
export function changedContacts(
  stored: { email: string; phone: string | null },
  edited: { email: string; phone: string },
): ContactChange[] {
  const email = edited.email.trim().toLowerCase();
  const phone = normalizePhone(edited.phone) ?? edited.phone.trim();
  const changes: ContactChange[] = [];
  if (email !== stored.email.toLowerCase()) changes.push({ field: 'email', value: email });
  if (phone !== stored.phone) changes.push({ field: 'phone', value: phone });
  return changes;
}

interface ContactChangeModalProps {
  /** The record whose login it is: `/students/12`, `/corporates/5`. */
  path: string;
  change: ContactChange;
  onClose: () => void;
  onChanged: () => void;
}

/** The OTP modal for a new login e-mail or phone: the code goes to the new one, and entering it makes the change. */
export function ContactChangeModal({ path, change, onClose, onChanged }: ContactChangeModalProps) {
  const { t } = useTranslation('students');
  const client = useQueryClient();
  const [session, setSession] = useState<OtpSession | null>(null);
  return (
    <CodeModal
      target={`${change.field}:${change.value}`}
      session={session}
      onSession={setSession}
      onClose={onClose}
      send={async () => {
        const { data } = await requestContactChange(path, change);
        return {
          id: data.sentTo,
          shownAs: data.sentTo,
          digits: data.digits,
          resendAfterSeconds: data.resendAfterSeconds,
        };
      }}
      verify={(_id, code) => verifyContactChange(path, code)}
      onVerified={() => {
        void client.invalidateQueries();
        onChanged();
      }}
      verifiedMessage={(changed) => changed.message}
      title={t(`contactChange.title.${change.field}`)}
      verifyLabel={t('contactChange.verify')}
    />
  );
}

/**
 * The step an edit screen takes before it saves: each changed login contact confirmed, in turn,
 * with the code sent to it. `confirm` says whether all were (false: a modal was closed).
 */
export function useContactConfirmation(path: string | undefined): {
  confirm: (changes: ContactChange[]) => Promise<boolean>;
  modal: ReactNode;
} {
  const [queue, setQueue] = useState<ContactChange[]>([]);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  const finish = (confirmed: boolean) => {
    setQueue([]);
    settle.current?.(confirmed);
    settle.current = null;
  };

  const confirm = (changes: ContactChange[]) => {
    if (!path || changes.length === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      settle.current = resolve;
      setQueue(changes);
    });
  };

  const [current, ...rest] = queue;
  const modal =
    path && current ? (
      <ContactChangeModal
        key={`${current.field}:${current.value}`}
        path={path}
        change={current}
        onClose={() => finish(false)}
        onChanged={() => (rest.length > 0 ? setQueue(rest) : finish(true))}
      />
    ) : null;
  return { confirm, modal };
}

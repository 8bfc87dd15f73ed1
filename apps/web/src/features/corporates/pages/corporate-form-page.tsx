import { useQuery } from '@tanstack/react-query';
import { CORPORATE_ATTACHMENT_KINDS, type Corporate } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../components/form/form-page.tsx';
import { useSaveThen } from '../../../components/form/use-save-then.ts';
import { notifyError } from '../../../components/notify.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import { changedContacts, useContactConfirmation } from '../../students/components/contact-change-modal.tsx';
import { corporateQuery, useSaveCorporateMutation, useUploadCorporateFileMutation } from '../api.ts';
import { CorporateForm, type CorporateSubmission } from '../components/corporate-form.tsx';
import { corporatePaths } from '../components/corporate-labels.ts';

/** What the view screen says after an add: the API's own words ("Password has been sent to you"). */
export interface CreatedState {
  created: string;
}

function CorporateFormScreen({ corporate }: { corporate?: Corporate }) {
  const { t } = useTranslation('corporates');
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  const save = useSaveCorporateMutation(corporate ? String(corporate.id) : undefined);
  const upload = useUploadCorporateFileMutation();

  const contacts = useContactConfirmation(corporate && `/corporates/${corporate.id}`);

  const saveThen = useSaveThen(
    ({ body }: CorporateSubmission) => save.mutateAsync(body),
    async (saved, { files }) => {
      // The corporate is saved: a copy the server refuses is reported, and can be sent again from the view.
      for (const kind of CORPORATE_ATTACHMENT_KINDS) {
        const file = files[kind];
        if (!file) continue;
        try {
          await upload.mutateAsync({ id: saved.id, kind, file });
        } catch (error) {
          notifyError(`${t(`files.${kind}`)}: ${errorMessage(error)}`);
        }
      }
      const state: CreatedState | undefined = corporate ? undefined : { created: saved.message };
      navigate(corporatePaths.view(saved.id), { state });
    },
  );

  // A new login e-mail or phone (the representative's) is confirmed with the code sent to it first.
  const submit = async (submission: CorporateSubmission) => {
    const stored = {
      email: corporate?.representativeEmail ?? '',
      phone: corporate?.representativePhone ?? null,
    };
    const edited = {
      email: submission.body.representativeEmail ?? '',
      phone: submission.body.representativePhone ?? '',
    };
    if (corporate && !(await contacts.confirm(changedContacts(stored, edited)))) return;
    await saveThen(submission);
  };

  return (
    <FormPage title={corporate ? t('form.editTitle') : t('form.addTitle')} maxWidth={1040}>
      <CorporateForm
        corporate={corporate}
        submitting={save.isPending || upload.isPending}
        cancelTo={corporate ? corporatePaths.view(corporate.id) : corporatePaths.list}
        onSubmit={submit}
      />
      {contacts.modal}
    </FormPage>
  );
}

/** `/admin/corporate/add-new` (create_4): its own login is opened, the password sent by SMS. */
export function AddCorporatePage() {
  return <CorporateFormScreen />;
}

/** `/admin/corporate/edit/:id` (edit_4): the form filled from the stored corporate. */
export function EditCorporatePage() {
  const { t } = useTranslation('corporates');
  const { id = '' } = useParams();
  return (
    <QueryView query={useQuery(corporateQuery(id))} notFoundText={t('notFound')}>
      {(corporate) => <CorporateFormScreen key={corporate.id} corporate={corporate} />}
    </QueryView>
  );
}

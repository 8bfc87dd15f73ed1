import { useMessages } from '../../i18n/use-messages.ts';
import { notifyError, notifySuccess } from '../notify.ts';

/**
 * What a form screen does with a form's body: sends it (`save`), shows the API's own words
 * ("Records have been saved.") and goes on (`then`: to the record, after any uploads). A refusal
 * is shown as a notice and thrown again, so that the form puts its field errors on their fields.
 */
export function useSaveThen<Body, Saved extends { message: string }>(
  save: (body: Body) => Promise<Saved>,
  then: (saved: Saved, body: Body) => unknown,
): (body: Body) => Promise<void> {
  const { errorMessage } = useMessages();
  return async (body) => {
    let saved: Saved;
    try {
      saved = await save(body);
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
    notifySuccess(saved.message);
    await then(saved, body);
  };
}

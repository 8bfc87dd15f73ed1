import type { CheckinPhotoKind, CheckinView } from '@tasreeh/shared';

/** The steps of exam/check-out, in order: (1) ID number, (2) live photo, (3) Remote photos, (4) fingerprint. */
export type CheckinStep = 'id-number' | 'live-photo' | 'remote-photos' | 'fingerprint';

export interface StepState {
  step: CheckinStep;
  done: boolean;
}

/** The Remote photos after the live one: the room from four sides, and the ID where the centre keeps ID copies. */
export function remotePhotoKinds(view: Pick<CheckinView, 'requiredPhotos'>): CheckinPhotoKind[] {
  return view.requiredPhotos.filter((kind) => kind !== 'live');
}

/** The steps this sitting has (Remote photos only for Remote, the fingerprint only where enrolled), each done or not. */
export function stepsOf(view: CheckinView): StepState[] {
  const steps: StepState[] = [
    { step: 'id-number', done: view.idNumberChecked },
    { step: 'live-photo', done: view.photos.includes('live') },
  ];
  const remote = remotePhotoKinds(view);
  if (remote.length > 0) {
    steps.push({ step: 'remote-photos', done: remote.every((kind) => view.photos.includes(kind)) });
  }
  if (view.fingerprintEnrolled) steps.push({ step: 'fingerprint', done: view.fingerprintChecked });
  return steps;
}

/**
 * The translation key of a step's title (`steps.*`): the Remote photos step names the ID only when
 * the server asks for it (the centre's CHECKIN_KEEP_ID_PHOTO setting).
 */
export function stepTitleKey(step: CheckinStep, view: Pick<CheckinView, 'requiredPhotos'>): string {
  if (step === 'remote-photos' && !view.requiredPhotos.includes('id')) return 'room_photos';
  return step.replaceAll('-', '_');
}

/**
 * The step to show: the first not done; `ready` once the server says the check-in is complete
 * (a proctor's admission counts, whatever is missing). Steps are taken in order: the ID number
 * before the camera.
 */
export function currentStep(view: CheckinView): CheckinStep | 'ready' {
  if (view.complete) return 'ready';
  return stepsOf(view).find((state) => !state.done)?.step ?? 'ready';
}

/** The next Remote photo to take, if any. */
export function nextRemotePhoto(view: CheckinView): CheckinPhotoKind | undefined {
  return remotePhotoKinds(view).find((kind) => !view.photos.includes(kind));
}

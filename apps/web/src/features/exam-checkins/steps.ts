import type { CheckinPhotoKind, CheckinView } from '@tasreeh/shared';

/** The steps of exam/check-out, in order: (1) ID number, (2) live photo, (3) Remote photos, (4) fingerprint. */
export type CheckinStep = 'id-number' | 'live-photo' | 'remote-photos' | 'fingerprint';

export interface StepState {
  step: CheckinStep;
  done: boolean;
}

/** The Remote photos after the live one: the ID and the room from four sides. */
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

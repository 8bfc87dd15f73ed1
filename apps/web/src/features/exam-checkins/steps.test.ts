import type { CheckinView } from '@tasreeh/shared';
import { describe, expect, it } from 'vitest';
import { currentStep, nextRemotePhoto, stepsOf, stepTitleKey } from './steps.ts';

const base: CheckinView = {
  bookingId: 1,
  remote: false,
  idNumberChecked: false,
  photos: [],
  requiredPhotos: ['live'],
  fingerprintEnrolled: false,
  finger: null,
  fingerprintChecked: false,
  admitted: false,
  complete: false,
  phase: 'open',
  opensAt: '2026-11-26T09:00:00.000Z',
  startsAt: '2026-11-26T10:00:00.000Z',
  endsAt: '2026-11-26T11:00:00.000Z',
  courseNameEn: 'Food Safety',
  courseNameAr: 'سلامة الغذاء',
  message: null,
};
const REMOTE = ['live', 'id', 'room-front', 'room-back', 'room-left', 'room-right'] as const;

describe('check-in steps', () => {
  it('asks an in-person candidate for the ID number, then the live photo, then is ready', () => {
    expect(stepsOf(base).map((s) => s.step)).toEqual(['id-number', 'live-photo']);
    expect(currentStep(base)).toBe('id-number');
    expect(currentStep({ ...base, idNumberChecked: true })).toBe('live-photo');
    expect(currentStep({ ...base, idNumberChecked: true, photos: ['live'], complete: true })).toBe('ready');
  });

  it('adds the Remote photos in order and the fingerprint only where one is enrolled', () => {
    const remote = {
      ...base,
      remote: true,
      requiredPhotos: [...REMOTE],
      idNumberChecked: true,
      photos: ['live' as const],
    };
    expect(stepsOf(remote).map((s) => s.step)).toEqual(['id-number', 'live-photo', 'remote-photos']);
    expect(currentStep(remote)).toBe('remote-photos');
    expect(nextRemotePhoto(remote)).toBe('id');
    expect(nextRemotePhoto({ ...remote, photos: ['live', 'id', 'room-front'] })).toBe('room-back');
    const enrolled = {
      ...remote,
      photos: [...REMOTE],
      fingerprintEnrolled: true,
      finger: 'right-index' as const,
    };
    expect(stepsOf(enrolled).at(-1)).toEqual({ step: 'fingerprint', done: false });
    expect(currentStep(enrolled)).toBe('fingerprint');
  });

  it('asks a Remote candidate only for the room from four sides when the server does not ask for the ID photo', () => {
    const rooms = {
      ...base,
      remote: true,
      requiredPhotos: REMOTE.filter((kind) => kind !== 'id'),
      idNumberChecked: true,
      photos: ['live' as const],
    };
    expect(currentStep(rooms)).toBe('remote-photos');
    expect(nextRemotePhoto(rooms)).toBe('room-front');
    expect(stepTitleKey('remote-photos', rooms)).toBe('room_photos');
    expect(stepTitleKey('remote-photos', { requiredPhotos: [...REMOTE] })).toBe('remote_photos');
    expect(stepTitleKey('live-photo', rooms)).toBe('live_photo');
    const allRooms = {
      ...rooms,
      photos: ['live', 'room-front', 'room-back', 'room-left', 'room-right'] as const,
    };
    expect(stepsOf({ ...allRooms, photos: [...allRooms.photos] }).at(-1)).toEqual({
      step: 'remote-photos',
      done: true,
    });
  });

  it('takes the ID number first even when a photo is already there, and lets a proctor admission through', () => {
    expect(currentStep({ ...base, photos: ['live'] })).toBe('id-number');
    expect(currentStep({ ...base, admitted: true, complete: true })).toBe('ready');
  });
});

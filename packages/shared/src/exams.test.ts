import { describe, expect, it } from 'vitest';
import {
  CHECKIN_PHOTO_KINDS,
  directionOfLanguage,
  isCheckinComplete,
  marksOf,
  nextExamStep,
  requiredCheckinPhotos,
  resultOf,
} from './exams.ts';

describe('the retake rule', () => {
  it('gives a free ReAssessment after the first fail, a paid ReTake after the second, the course again after the third', () => {
    expect(nextExamStep(0)).toEqual({ kind: 'Assessment' });
    expect(nextExamStep(1)).toEqual({ kind: 'ReAssessment', paid: false });
    expect(nextExamStep(2)).toEqual({ kind: 'ReTake', paid: true });
    expect(nextExamStep(3)).toEqual({ kind: 'rebook-course' });
    expect(nextExamStep(7)).toEqual({ kind: 'rebook-course' });
  });
});

describe('marks and results', () => {
  it('shares full marks over the questions and gives exactly full marks for all right', () => {
    expect(marksOf(10, 30, 100)).toBe(33.33);
    expect(marksOf(30, 30, 100)).toBe(100);
    expect(marksOf(0, 30, 100)).toBe(0);
    expect(marksOf(3, 0, 100)).toBe(0);
  });

  it('passes at the passing marks and fails below them', () => {
    expect(resultOf(60, 60)).toBe('Passed');
    expect(resultOf(59.99, 60)).toBe('Failed');
  });
});

describe('exam languages', () => {
  it('writes Arabic and Urdu right to left, the others left to right', () => {
    expect(directionOfLanguage('ar')).toBe('rtl');
    expect(directionOfLanguage('ur')).toBe('rtl');
    expect(directionOfLanguage('bn')).toBe('ltr');
    expect(directionOfLanguage('fil')).toBe('ltr');
  });
});

describe('requiredCheckinPhotos', () => {
  it('asks an on-site sitting for the live photo alone, whatever the setting', () => {
    expect(requiredCheckinPhotos(false, { keepIdPhoto: false })).toEqual(['live']);
    expect(requiredCheckinPhotos(false, { keepIdPhoto: true })).toEqual(['live']);
  });
  it('asks a Remote sitting for the room from four sides, and the ID photo only where the centre keeps ID copies', () => {
    expect(requiredCheckinPhotos(true, { keepIdPhoto: false })).toEqual([
      'live',
      'room-front',
      'room-back',
      'room-left',
      'room-right',
    ]);
    expect(requiredCheckinPhotos(true, { keepIdPhoto: true })).toEqual(CHECKIN_PHOTO_KINDS);
  });
});

describe('isCheckinComplete', () => {
  const inPerson = {
    remote: false,
    idNumberChecked: true,
    photos: ['live'] as const,
    fingerprintEnrolled: false,
    fingerprintChecked: false,
    admitted: false,
  };
  const off = { keepIdPhoto: false };
  const on = { keepIdPhoto: true };
  it('needs the ID number, the live photo, and the fingerprint where one is enrolled', () => {
    expect(isCheckinComplete(inPerson, off)).toBe(true);
    expect(isCheckinComplete({ ...inPerson, idNumberChecked: false }, off)).toBe(false);
    expect(isCheckinComplete({ ...inPerson, photos: [] }, off)).toBe(false);
    expect(isCheckinComplete({ ...inPerson, fingerprintEnrolled: true }, off)).toBe(false);
    expect(isCheckinComplete({ ...inPerson, fingerprintEnrolled: true, fingerprintChecked: true }, off)).toBe(
      true,
    );
  });
  it('needs the four room photos for Remote, and the ID photo only with the setting on', () => {
    const rooms = ['live', 'room-front', 'room-back', 'room-left', 'room-right'] as const;
    expect(isCheckinComplete({ ...inPerson, remote: true }, off)).toBe(false);
    expect(isCheckinComplete({ ...inPerson, remote: true, photos: rooms }, off)).toBe(true);
    expect(isCheckinComplete({ ...inPerson, remote: true, photos: rooms }, on)).toBe(false);
    expect(isCheckinComplete({ ...inPerson, remote: true, photos: CHECKIN_PHOTO_KINDS }, on)).toBe(true);
  });
  it('is complete once a proctor admitted the candidate, whatever is missing', () => {
    const admitted = { ...inPerson, remote: true, idNumberChecked: false, photos: [], admitted: true };
    expect(isCheckinComplete(admitted, off)).toBe(true);
    expect(isCheckinComplete(admitted, on)).toBe(true);
  });
});

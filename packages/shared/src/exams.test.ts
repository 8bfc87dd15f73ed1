import { describe, expect, it } from 'vitest';
import {
  CHECKIN_PHOTO_KINDS,
  directionOfLanguage,
  isCheckinComplete,
  marksOf,
  nextExamStep,
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

describe('isCheckinComplete', () => {
  const inPerson = {
    remote: false,
    idNumberChecked: true,
    photos: ['live'] as const,
    fingerprintEnrolled: false,
    fingerprintChecked: false,
    admitted: false,
  };
  it('needs the ID number, the live photo, and the fingerprint where one is enrolled', () => {
    expect(isCheckinComplete(inPerson)).toBe(true);
    expect(isCheckinComplete({ ...inPerson, idNumberChecked: false })).toBe(false);
    expect(isCheckinComplete({ ...inPerson, photos: [] })).toBe(false);
    expect(isCheckinComplete({ ...inPerson, fingerprintEnrolled: true })).toBe(false);
    expect(isCheckinComplete({ ...inPerson, fingerprintEnrolled: true, fingerprintChecked: true })).toBe(
      true,
    );
  });
  it('needs the ID photo and four room photos for Remote, unless a proctor admitted the candidate', () => {
    expect(isCheckinComplete({ ...inPerson, remote: true })).toBe(false);
    expect(isCheckinComplete({ ...inPerson, remote: true, photos: CHECKIN_PHOTO_KINDS })).toBe(true);
    expect(
      isCheckinComplete({ ...inPerson, remote: true, idNumberChecked: false, photos: [], admitted: true }),
    ).toBe(true);
  });
});

import { ExamSessionInput, NewTrainingSessionInput } from '@tasreeh/shared';
import { describe, expect, it } from 'vitest';
import { firstIssueCodes } from '../../components/form/schema-errors.ts';
import { bookingPathOf, viewPathOf } from './area.ts';
import { bodyOf, type SessionValues } from './pages/session-form-page.tsx';

const values: SessionValues = {
  courseId: '1',
  branchId: '2',
  delivery: 'in_person',
  classroomId: '3',
  capacity: '',
  language: 'ar',
  examType: '',
  date: '2031-03-03',
  startTime: '09:00',
  endTime: '12:00',
  repeatWeeklyUntil: '',
  staffId: '7',
  scope: '',
};

describe('the session form', () => {
  it('sends a training’s fields, its room when In Person and its seats when Remote', () => {
    expect(bodyOf('training', values, true)).toEqual({
      courseId: '1',
      branchId: '2',
      language: 'ar',
      date: '2031-03-03',
      startTime: '09:00',
      endTime: '12:00',
      delivery: 'in_person',
      classroomId: '3',
      instructorId: '7',
    });
    const remote = bodyOf('training', { ...values, delivery: 'remote', capacity: '٤٠' }, true);
    expect(remote).toMatchObject({ delivery: 'remote', capacity: 40 });
    expect(remote).not.toHaveProperty('classroomId');
  });

  it('sends an exam’s type, room and examiner, and no repeat', () => {
    const body = bodyOf('exam', { ...values, examType: 'ReTake', repeatWeeklyUntil: '2031-04-01' }, true);
    expect(body).toMatchObject({ examType: 'ReTake', classroomId: '3', examinerId: '7' });
    expect(body).not.toHaveProperty('repeatWeeklyUntil');
    expect(body).not.toHaveProperty('instructorId');
  });

  it('sends the series scope chosen when editing a session of a series, and none otherwise', () => {
    expect(bodyOf('training', { ...values, scope: 'following' }, false)).toMatchObject({
      scope: 'following',
    });
    expect(bodyOf('training', { ...values, scope: 'one' }, false)).toMatchObject({ scope: 'one' });
    expect(bodyOf('training', values, false)).not.toHaveProperty('scope');
    expect(bodyOf('training', { ...values, scope: 'following' }, true)).not.toHaveProperty('scope');
    expect(bodyOf('exam', { ...values, scope: 'following' }, false)).not.toHaveProperty('scope');
  });

  it('shows a message code on every field left empty or wrong, by the shared rules', () => {
    const empty = { ...values, courseId: '', branchId: '', staffId: '', date: '', startTime: '' };
    const errors = firstIssueCodes(NewTrainingSessionInput, bodyOf('training', empty, true), empty);
    expect(errors).toMatchObject({
      courseId: 'SELECT_COURSE',
      branchId: 'SELECT_BRANCH',
      date: 'ENTER_DATE',
      startTime: 'ENTER_TIME',
    });
    const backwards = { ...values, startTime: '12:00', endTime: '09:00' };
    expect(firstIssueCodes(NewTrainingSessionInput, bodyOf('training', backwards, true), backwards)).toEqual({
      endTime: 'END_TIME_NOT_AFTER_START',
    });
    const repeat = { ...values, repeatWeeklyUntil: '2031-03-01' };
    expect(firstIssueCodes(NewTrainingSessionInput, bodyOf('training', repeat, true), repeat)).toEqual({
      repeatWeeklyUntil: 'END_BEFORE_START',
    });
    expect(firstIssueCodes(ExamSessionInput, bodyOf('exam', values, true), values)).toEqual({
      examType: 'SELECT_EXAM_TYPE',
    });
  });
});

describe('session paths', () => {
  it('opens a session on its area’s view page, and books only for students and corporates', () => {
    expect(viewPathOf('admin', { id: 5, kind: 'training' })).toBe('/admin/view-training/5');
    expect(viewPathOf('student', { id: 5, kind: 'training' })).toBe('/student/View-training/5');
    expect(viewPathOf('instructor', { id: 6, kind: 'exam' })).toBe('/instructor/view-exam/6');
    expect(bookingPathOf('corporate', 6)).toBe('/corporate/booking/6');
    expect(bookingPathOf('student', 6)).toBe('/student/booking/6');
    expect(bookingPathOf('admin', 6)).toBeUndefined();
  });
});

import { ListCount } from '@tasreeh/shared';
import { describe, it } from 'vitest';
import { expectSameVerdicts } from '../test/answer-agreement.ts';
import { ListCountAnswer } from './list-count.ts';

describe('a list count’s answer check', () => {
  it('takes and refuses the counts the shared ListCount takes and refuses', () => {
    expectSameVerdicts(ListCountAnswer, ListCount, { total: 41, capped: false });
  });
});

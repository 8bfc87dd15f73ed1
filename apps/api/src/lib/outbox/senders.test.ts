import { describe, expect, it } from 'vitest';
import { developmentSender } from './senders.ts';

describe('developmentSender', () => {
  it('prints each message with its recipient when asked to (development mode)', async () => {
    const lines: string[] = [];
    await developmentSender('sms', (line) => lines.push(line)).send({
      recipient: '+966551231231',
      subject: null,
      body: 'Your Tasreeh code is 4821',
    });
    await developmentSender('email', (line) => lines.push(line)).send({
      recipient: 'a@b.sa',
      subject: 'Reset',
      body: 'Code 123456',
    });
    expect(lines).toEqual([
      '[development sms] to +966551231231: Your Tasreeh code is 4821',
      '[development email] to a@b.sa (Reset): Code 123456',
    ]);
  });

  it('sends nowhere without a printer (test mode)', async () => {
    await expect(
      developmentSender('sms').send({ recipient: '+966551231231', subject: null, body: 'x' }),
    ).resolves.toBeUndefined();
  });
});

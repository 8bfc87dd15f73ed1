import nodemailer from 'nodemailer';

export interface OutgoingMessage {
  recipient: string;
  subject: string | null;
  body: string;
}

/** Delivers one message on one channel; throws when the provider refuses it. */
export interface MessageSender {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}

/** E-mail through any SMTP server (`SMTP_URL`). */
export function smtpEmailSender(url: string, from: string): MessageSender {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.recipient,
        subject: message.subject ?? 'Tasreeh',
        text: message.body,
      });
    },
  };
}

/**
 * SMS through an HTTP provider (`SMS_API_URL`, `SMS_API_KEY`): a JSON POST of recipient,
 * sender id and text with a bearer key — the shape Saudi gateways (Unifonic, Taqnyat, Msegat) take.
 */
export function httpSmsSender(options: { url: string; apiKey: string; senderId: string }): MessageSender {
  return {
    name: 'http-sms',
    async send(message) {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify({ recipient: message.recipient, sender: options.senderId, body: message.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    },
  };
}

/**
 * Development delivery: nothing leaves the machine; the message stays readable in the
 * outbox table, shown at `GET /api/dev/outbox` to callers on this machine, and — when `print`
 * is given (development mode) — is also written to the server's console.
 */
export function developmentSender(channel: 'sms' | 'email', print?: (line: string) => void): MessageSender {
  return {
    name: `development-${channel}`,
    async send(message) {
      const subject = message.subject ? ` (${message.subject})` : '';
      print?.(`[development ${channel}] to ${message.recipient}${subject}: ${message.body}`);
    },
  };
}

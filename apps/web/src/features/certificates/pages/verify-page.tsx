import { Alert, Button, Card, Code, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wantToastStack } from '../../../components/toast-stack-state.ts';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { fetchCertificateStatus, fetchPublicKey } from '../api.ts';
import { day, Field, FieldList } from '../components/certificate-fields.tsx';
import { HolderPhoto } from '../components/holder-photo.tsx';
import { PublicShell } from '../components/public-shell.tsx';
import {
  checkOnline,
  codeFromText,
  type OnlineCheck,
  storedPublicKey,
  storePublicKey,
  type VerifyResult,
  verifyCertificateCode,
} from '../verify.ts';

/** The code in the page's address (`/verify#c=…`, what the QR carries), if any. */
function codeInAddress(): string {
  const match = window.location.hash.match(/c=([A-Za-z0-9_.-]+)/);
  return match?.[1] ?? '';
}

/** The public key: the one kept in this browser at once, then the server's when the network answers. */
function usePublicKey(): string | undefined {
  const [key, setKey] = useState(storedPublicKey);
  useEffect(() => {
    let live = true;
    fetchPublicKey()
      .then((fetched) => {
        storePublicKey(fetched);
        if (live) setKey(fetched);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return key;
}

const TONE = { valid: 'green', expired: 'orange', invalid: 'red', unsupported: 'gray' } as const;

/** What the online check says, as the key of its text and its colour. */
const ONLINE_TONE = {
  checking: 'gray',
  valid: 'green',
  expired: 'orange',
  revoked: 'red',
  unknown: 'red',
  failed: 'yellow',
  offline: 'yellow',
} as const;

function onlineKey(check: OnlineCheck | 'checking'): keyof typeof ONLINE_TONE {
  if (check === 'checking') return 'checking';
  return check.kind === 'online' ? check.status : check.kind;
}

/**
 * After a good signature, what the centre's records say (revoked or not) when the network
 * answers; checked again when the network comes back. `signedCode` is the code whose signature
 * checked out, or empty.
 */
function useOnlineCheck(signedCode: string): OnlineCheck | 'checking' | undefined {
  const [check, setCheck] = useState<OnlineCheck | 'checking'>();
  useEffect(() => {
    if (!signedCode) {
      setCheck(undefined);
      return;
    }
    let live = true;
    let latest = 0;
    const run = () => {
      const mine = ++latest;
      setCheck('checking');
      void checkOnline(signedCode, fetchCertificateStatus).then((outcome) => {
        if (live && mine === latest) setCheck(outcome);
      });
    };
    run();
    window.addEventListener('online', run);
    return () => {
      live = false;
      window.removeEventListener('online', run);
    };
  }, [signedCode]);
  return check;
}

/**
 * `/verify` (public): checks a certificate's signed QR code in the browser with Web Crypto against
 * the centre's public key, kept in this browser, so that it works with no network afterwards.
 */
export function VerifyPage() {
  const { t } = useTranslation('certificates');
  const { language } = useLanguage();
  const publicKey = usePublicKey();
  const [text, setText] = useState(codeInAddress);
  const [checked, setChecked] = useState<string>(codeInAddress);
  const [verified, setVerified] = useState<{ code: string; result: VerifyResult }>();
  // A result belongs to the code it was checked for: none while another code is being checked.
  const result = verified?.code === checked ? verified.result : undefined;
  const online = useOnlineCheck(result?.kind === 'valid' || result?.kind === 'expired' ? checked : '');
  // a genuine signature on a certificate the centre withdrew (or has no record of) must not read as valid
  const withdrawn = online !== undefined && ['revoked', 'unknown'].includes(onlineKey(online));
  // the holder's photo is the centre's to show, and only for a certificate its records say is in force
  const inForce = online !== undefined && onlineKey(online) === 'valid';

  // The page must keep working once the network is gone: what loads on the first tap loads now.
  useEffect(() => wantToastStack(), []);

  useEffect(() => {
    const onHash = () => {
      const code = codeInAddress();
      if (!code) return;
      setText(code);
      setChecked(code);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  useEffect(() => {
    if (!checked || !publicKey) {
      setVerified(undefined);
      return;
    }
    let live = true;
    void verifyCertificateCode(checked, publicKey).then((outcome) => {
      if (live) setVerified({ code: checked, result: outcome });
    });
    return () => {
      live = false;
    };
  }, [checked, publicKey]);

  return (
    <PublicShell>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {t('verify.title')}
          </Title>
          <Text c="gray.7" mt={4}>
            {t('verify.intro')}
          </Text>
        </div>
        <Card withBorder radius="md" padding="lg">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setChecked(codeFromText(text));
            }}
          >
            <Stack gap="md">
              <Textarea
                label={t('verify.codeLabel')}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                rows={4}
                data-user-data
                dir="ltr"
                spellCheck={false}
                styles={{ input: { fontFamily: 'monospace', wordBreak: 'break-all' } }}
              />
              <Button type="submit" disabled={!text.trim()}>
                {t('verify.check')}
              </Button>
            </Stack>
          </form>
        </Card>
        {checked && !publicKey ? (
          <Alert color="orange" role="alert">
            {t('verify.noKey')}
          </Alert>
        ) : null}
        {result ? (
          <Alert
            color={withdrawn ? 'red' : TONE[result.kind]}
            role="status"
            data-testid="verify-result"
            data-result={result.kind}
          >
            <Text fw={700}>{t(withdrawn ? 'verify.withdrawn' : `verify.${result.kind}`)}</Text>
          </Alert>
        ) : null}
        {online ? (
          <Alert
            color={ONLINE_TONE[onlineKey(online)]}
            role="status"
            data-testid="verify-online"
            data-online={onlineKey(online)}
          >
            <Text fw={onlineKey(online) === 'revoked' || onlineKey(online) === 'unknown' ? 700 : 400}>
              {t(`verify.online.${onlineKey(online)}`)}
            </Text>
          </Alert>
        ) : null}
        {result && (result.kind === 'valid' || result.kind === 'expired') ? (
          <Card withBorder radius="md" padding="lg" component="section" aria-label={t('verify.claims')}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('verify.claims')}
              </Title>
              {inForce ? <HolderPhoto code={checked} /> : null}
              <FieldList>
                <Field label={t('fields.serial')}>
                  <span dir="ltr" data-user-data>
                    {result.claims.serial}
                  </span>
                </Field>
                <Field label={t('verify.nameEn')}>
                  <span dir="ltr" lang="en" data-user-data>
                    {result.claims.nameEn}
                  </span>
                </Field>
                <Field label={t('verify.nameAr')}>
                  <span dir="rtl" lang="ar" data-user-data>
                    {result.claims.nameAr}
                  </span>
                </Field>
                <Field label={t('fields.idNumber')}>
                  <span dir="ltr" data-user-data>
                    {result.claims.idNumber}
                  </span>
                </Field>
                <Field label={t('verify.courseEn')}>
                  <span dir="ltr" lang="en" data-user-data>
                    {result.claims.courseEn}
                  </span>
                </Field>
                <Field label={t('verify.courseAr')}>
                  <span dir="rtl" lang="ar" data-user-data>
                    {result.claims.courseAr}
                  </span>
                </Field>
                <Field label={t('fields.score')}>{formatNumber(Number(result.claims.score), language)}</Field>
                <Field label={t('fields.issuedOn')}>{day(result.claims.issuedOn, language)}</Field>
                <Field label={t('fields.validUntil')}>{day(result.claims.validUntil, language)}</Field>
              </FieldList>
            </Stack>
          </Card>
        ) : null}
        <Card withBorder radius="md" padding="lg" component="section" aria-label={t('verify.keyTitle')}>
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('verify.keyTitle')}
            </Title>
            {publicKey ? (
              <>
                <Code
                  dir="ltr"
                  data-testid="public-key"
                  data-user-data
                  style={{ display: 'block', wordBreak: 'break-all', whiteSpace: 'normal' }}
                >
                  {publicKey}
                </Code>
                <Text size="sm" c="gray.7">
                  {t('verify.keyStored')}
                </Text>
              </>
            ) : (
              <Text size="sm">{t('verify.noKey')}</Text>
            )}
          </Stack>
        </Card>
      </Stack>
    </PublicShell>
  );
}

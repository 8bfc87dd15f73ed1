import { ActionIcon, Image } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attemptMediaQuery } from '../api.ts';

/** A play button for a recording read aloud (the media route needs the bearer token: fetched, then played). */
export function AudioButton({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation('exam-attempts');
  const client = useQueryClient();
  const audio = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'playing' | 'failed'>('idle');
  useEffect(
    () => () => {
      audio.current?.pause();
    },
    [],
  );
  const play = async () => {
    if (state === 'playing') {
      audio.current?.pause();
      setState('idle');
      return;
    }
    setState('loading');
    try {
      const blob = await client.fetchQuery(attemptMediaQuery(url));
      audio.current?.pause();
      const source = URL.createObjectURL(blob);
      const player = new Audio(source);
      audio.current = player;
      player.addEventListener('ended', () => {
        URL.revokeObjectURL(source);
        setState('idle');
      });
      await player.play();
      setState('playing');
    } catch {
      setState('failed');
    }
  };
  return (
    <ActionIcon
      size={48}
      radius="xl"
      variant={state === 'playing' ? 'filled' : 'light'}
      aria-label={state === 'playing' ? t('sitting.stopAudio') : label}
      aria-pressed={state === 'playing'}
      loading={state === 'loading'}
      color={state === 'failed' ? 'red' : undefined}
      onClick={() => void play()}
    >
      <span aria-hidden="true" style={{ fontSize: 22 }}>
        {state === 'playing' ? '■' : '▶'}
      </span>
    </ActionIcon>
  );
}

/** A question's picture. */
export function QuestionImage({ url }: { url: string }) {
  const { t } = useTranslation('exam-attempts');
  const blob = useQuery(attemptMediaQuery(url));
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!blob.data) return;
    const objectUrl = URL.createObjectURL(blob.data);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  if (!src) return null;
  return <Image src={src} alt={t('sitting.picture')} maw={560} radius="sm" />;
}

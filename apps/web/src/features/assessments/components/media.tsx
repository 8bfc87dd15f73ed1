import { ActionIcon, Button, Group, Image, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerPlay, IconPlayerStop, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../components/notify.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { mediaQuery, useUploadMediaMutation } from '../api.ts';

function useObjectUrl(blob: Blob | undefined) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** A question's image, fetched with the token. */
export function QuestionImage({ examId, fileId, alt }: { examId: number; fileId: string; alt: string }) {
  const query = useQuery(mediaQuery(examId, fileId));
  const url = useObjectUrl(query.data);
  if (!url) return null;
  return <Image src={url} alt={alt} maw={320} radius="sm" />;
}

/** The play button beside a text: plays its recording (fetched on the first press). */
export function PlayButton({ examId, fileId, label }: { examId: number; fileId: string; label: string }) {
  const { t } = useTranslation('assessments');
  const [wanted, setWanted] = useState(false);
  const [playing, setPlaying] = useState(false);
  const query = useQuery({ ...mediaQuery(examId, fileId), enabled: wanted });
  const url = useObjectUrl(query.data);
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(() => {
    if (!wanted || !url) return;
    const player = new Audio(url);
    audio.current = player;
    player.onended = () => setPlaying(false);
    void player.play().then(
      () => setPlaying(true),
      () => setPlaying(false),
    );
    return () => player.pause();
  }, [wanted, url]);
  const toggle = () => {
    if (playing) {
      audio.current?.pause();
      setPlaying(false);
      setWanted(false);
      return;
    }
    if (audio.current && url) {
      void audio.current.play().then(() => setPlaying(true));
      return;
    }
    setWanted(true);
  };
  return (
    <ActionIcon
      variant="light"
      onClick={toggle}
      aria-label={playing ? t('media.stop', { label }) : t('media.play', { label })}
      aria-pressed={playing}
    >
      {playing ? <IconPlayerStop size={18} aria-hidden /> : <IconPlayerPlay size={18} aria-hidden />}
    </ActionIcon>
  );
}

const AUDIO_ACCEPT = 'audio/webm,audio/ogg,audio/mpeg,audio/mp4,.webm,.ogg,.mp3,.m4a';
const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * Uploads an image or a recording for the builder (a file chosen, or for audio one recorded here
 * with the microphone) and gives back its file id; shows what is set and lets it be removed.
 */
export function MediaField({
  examId,
  kind,
  label,
  value,
  onChange,
}: {
  examId: number;
  kind: 'image' | 'audio';
  label: string;
  value: string | null;
  onChange(fileId: string | null): void;
}) {
  const { t } = useTranslation('assessments');
  const { errorMessage } = useMessages();
  const upload = useUploadMediaMutation(examId);
  const input = useRef<HTMLInputElement>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const [recording, setRecording] = useState(false);
  const send = async (file: Blob) => {
    try {
      const saved = await upload.mutateAsync(file);
      onChange(saved.fileId);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  const record = async () => {
    if (recording) {
      recorder.current?.stop();
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const chunks: Blob[] = [];
      const media = new MediaRecorder(stream);
      media.ondataavailable = (event) => chunks.push(event.data);
      media.onstop = () => {
        for (const track of stream.getTracks()) track.stop();
        setRecording(false);
        void send(new Blob(chunks, { type: media.mimeType }));
      };
      recorder.current = media;
      media.start();
      setRecording(true);
    } catch {
      notifyError(t('media.noMicrophone'));
    }
  };
  const canRecord = kind === 'audio' && typeof MediaRecorder !== 'undefined';
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {value && kind === 'audio' && <PlayButton examId={examId} fileId={value} label={label} />}
      {value && kind === 'image' && <QuestionImage examId={examId} fileId={value} alt={label} />}
      <input
        ref={input}
        type="file"
        hidden
        accept={kind === 'audio' ? AUDIO_ACCEPT : IMAGE_ACCEPT}
        aria-label={label}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void send(file);
        }}
      />
      <Button
        size="xs"
        variant="default"
        loading={upload.isPending}
        leftSection={<IconUpload size={14} aria-hidden />}
        onClick={() => input.current?.click()}
      >
        {value ? t('media.replace') : t('media.upload')}
      </Button>
      {canRecord && (
        <Button
          size="xs"
          variant={recording ? 'filled' : 'default'}
          color={recording ? 'red' : undefined}
          leftSection={<IconMicrophone size={14} aria-hidden />}
          onClick={() => void record()}
          aria-pressed={recording}
        >
          {recording ? t('media.stopRecording') : t('media.record')}
        </Button>
      )}
      {value && (
        <Button size="xs" variant="subtle" color="red" onClick={() => onChange(null)}>
          {t('media.remove')}
        </Button>
      )}
    </Group>
  );
}

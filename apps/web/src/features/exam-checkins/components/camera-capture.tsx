import { Alert, AspectRatio, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type CameraState = 'starting' | 'live' | 'taken' | 'refused' | 'unavailable';

/**
 * A photo from the camera: a live preview, "Take photo", then the photo with "Retake" and
 * "Use this photo". A refused camera (or none) says so plainly and offers to ask again.
 */
export function CameraCapture({
  label,
  facing,
  busy,
  onUse,
}: {
  /** What the photo is of ("Your face", "The room, front"). */
  label: string;
  facing: 'user' | 'environment';
  busy: boolean;
  onUse(photo: Blob): void;
}) {
  const { t } = useTranslation('exam-checkins');
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | undefined>(undefined);
  const [state, setState] = useState<CameraState>('starting');
  const [photo, setPhoto] = useState<{ blob: Blob; url: string } | undefined>(undefined);

  const stop = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = undefined;
  }, []);

  const start = useCallback(async () => {
    stop();
    setState('starting');
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: facing },
        audio: false,
      });
      stream.current = media;
      if (video.current) {
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
      }
      setState('live');
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'refused' : 'unavailable');
    }
  }, [facing, stop]);

  useEffect(() => {
    void start();
    return stop;
  }, [start, stop]);

  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  const take = () => {
    const element = video.current;
    if (!element) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth || 640;
    canvas.height = element.videoHeight || 480;
    canvas.getContext('2d')?.drawImage(element, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        setPhoto({ blob, url: URL.createObjectURL(blob) });
        setState('taken');
        stop();
      },
      'image/jpeg',
      0.85,
    );
  };

  const retake = () => {
    setPhoto(undefined);
    void start();
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text fw={600}>{label}</Text>
        {state === 'refused' || state === 'unavailable' ? (
          <Alert color="red" role="alert" title={t(`camera.${state}Title`)}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t(`camera.${state}Text`)}</Text>
              <Button variant="default" onClick={() => void start()}>
                {t('camera.tryAgain')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <AspectRatio ratio={4 / 3} maw={480} hidden={state !== 'live' && state !== 'starting'}>
          {/* The preview has no sound and no captions to give. */}
          <video
            ref={video}
            muted
            playsInline
            aria-label={t('camera.preview')}
            style={{ background: '#000' }}
          />
        </AspectRatio>
        {photo ? <Image src={photo.url} alt={t('camera.taken', { label })} maw={480} radius="sm" /> : null}
        <Group>
          {state === 'live' ? <Button onClick={take}>{t('camera.take')}</Button> : null}
          {state === 'taken' && photo ? (
            <>
              <Button variant="default" onClick={retake} disabled={busy}>
                {t('camera.retake')}
              </Button>
              <Button onClick={() => onUse(photo.blob)} loading={busy}>
                {t('camera.use')}
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

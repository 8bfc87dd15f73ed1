import { Center, Image, Paper, Skeleton, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useObjectUrl } from '../../../lib/use-object-url.ts';
import { courseImageQuery } from '../api.ts';

interface CourseImageProps {
  courseId: number;
  fileId: string | null;
  alt: string;
  noImageText: string;
  width: number;
  height: number;
}

/** A course's stored image, fetched with the session's token; a plain frame when there is none. */
export function CourseImage({ courseId, fileId, alt, noImageText, width, height }: CourseImageProps) {
  const query = useQuery({ ...courseImageQuery(courseId, fileId ?? ''), enabled: fileId !== null });
  const url = useObjectUrl(query.data);
  if (fileId && url) {
    return (
      <Image src={url} alt={alt} w={width} h={height} fit="cover" radius="md" data-testid="course-image" />
    );
  }
  if (fileId && query.isPending) return <Skeleton w={width} h={height} radius="md" />;
  return (
    <Paper withBorder w={width} h={height} radius="md">
      <Center h="100%" c="gray.7" style={{ flexDirection: 'column', gap: 4 }}>
        <IconPhotoOff size={28} aria-hidden />
        <Text size="sm">{noImageText}</Text>
      </Center>
    </Paper>
  );
}

import { ActionIcon, Anchor, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { formatNumber, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import {
  branchQuery,
  type ClassroomBody,
  classroomsQuery,
  useAddClassroomMutation,
  useDeleteClassroomMutation,
  useEditClassroomMutation,
} from '../api.ts';
import { ClassroomForm } from '../components/classroom-form.tsx';

interface Room {
  id: number;
  name: string;
  capacity: number;
}

function RoomsScreen({ adding }: { adding: boolean }) {
  const { t } = useTranslation('branches');
  const { language } = useLanguage();
  const { message, errorMessage } = useMessages();
  const { id = '' } = useParams();
  const branch = useQuery(branchQuery(id));
  const rooms = useQuery(classroomsQuery(id));
  const add = useAddClassroomMutation(id);
  const edit = useEditClassroomMutation();
  const remove = useDeleteClassroomMutation();
  const [editing, setEditing] = useState<Room | null>(null);

  const saveNew = async (body: ClassroomBody) => {
    try {
      await add.mutateAsync(body);
      notifySuccess(message('RECORDS_SAVED'));
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
  };
  const saveEdit = async (body: ClassroomBody) => {
    if (!editing) return;
    try {
      await edit.mutateAsync({ id: editing.id, body });
      notifySuccess(message('RECORDS_UPDATED'));
      setEditing(null);
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
  };
  const confirmDelete = (room: Room) =>
    modals.openConfirmModal({
      title: t('rooms.deleteTitle'),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="rooms.deleteBody"
            values={{ name: room.name }}
            components={{ name: <bdi data-user-data /> }}
          />
        </Text>
      ),
      labels: { confirm: t('rooms.confirmDelete'), cancel: t('rooms.cancel') },
      confirmProps: { color: 'red.8' },
      closeButtonProps: { 'aria-label': t('rooms.cancel') },
      onConfirm: () =>
        remove.mutate(room, {
          onSuccess: (result) => notifySuccess(result.message),
          onError: (error) => notifyError(errorMessage(error)),
        }),
    });

  if (branch.isPending || rooms.isPending) return <LoadingState />;
  if (branch.isError)
    return (
      <ErrorState error={branch.error} onRetry={() => void branch.refetch()} notFoundText={t('notFound')} />
    );
  if (rooms.isError) return <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />;

  const canCreate = branch.data.abilities.addClassroom;
  const anyActions = rooms.data.some(
    (room) => room.abilities.updateClassroom || room.abilities.deleteClassroom,
  );

  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={1} size="h2">
          {t('rooms.title')}
        </Title>
        <Group gap="xs">
          <Text c="gray.7">
            {t('rooms.branchLabel')}{' '}
            <Anchor component={Link} to={`/admin/branches/profile/${id}`} data-user-data>
              {nameIn(branch.data, language)}
            </Anchor>
          </Text>
        </Group>
      </div>

      {canCreate && (
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
          <Title order={2} size="h4" mb="sm">
            {t('rooms.addTitle')}
          </Title>
          <ClassroomForm
            submitLabel={t('rooms.add')}
            submitting={add.isPending}
            autoFocus={adding}
            onSubmit={saveNew}
          />
        </Paper>
      )}

      {rooms.data.length === 0 ? (
        <Paper withBorder p="xl">
          <Text ta="center">{t('rooms.empty')}</Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped withTableBorder>
            <Table.Caption>{t('rooms.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('rooms.name')}</Table.Th>
                <Table.Th>{t('rooms.capacity')}</Table.Th>
                {anyActions && <Table.Th>{t('rooms.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rooms.data.map((room) => (
                <Table.Tr key={room.id}>
                  <Table.Td data-user-data>{room.name}</Table.Td>
                  <Table.Td>{formatNumber(room.capacity, language)}</Table.Td>
                  {anyActions && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {room.abilities.updateClassroom && (
                          <ActionIcon
                            variant="light"
                            size="lg"
                            aria-label={t('rooms.edit', { name: room.name })}
                            onClick={() => setEditing(room)}
                          >
                            <IconPencil size={18} aria-hidden />
                          </ActionIcon>
                        )}
                        {room.abilities.deleteClassroom && (
                          <ActionIcon
                            variant="light"
                            color="red.8"
                            size="lg"
                            aria-label={t('rooms.delete', { name: room.name })}
                            onClick={() => confirmDelete(room)}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('rooms.editTitle')}
        closeButtonProps={{ 'aria-label': t('rooms.cancel') }}
      >
        {editing && (
          <ClassroomForm
            key={editing.id}
            initial={editing}
            submitLabel={t('rooms.save')}
            submitting={edit.isPending}
            autoFocus
            onCancel={() => setEditing(null)}
            onSubmit={saveEdit}
          />
        )}
      </Modal>
    </Stack>
  );
}

/** `/admin/branches/rooms/:id` (read_2): a branch's classrooms; add, edit and delete by permission. */
export function RoomsPage() {
  return <RoomsScreen adding={false} />;
}

/** `/admin/add-class-to-branch/:id` (create_5): the same screen, the new classroom's name focused. */
export function AddRoomPage() {
  return <RoomsScreen adding />;
}

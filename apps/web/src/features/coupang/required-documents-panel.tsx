import { Alert, Anchor, Badge, FileButton, Group, Stack, Text } from '@mantine/core';
import type { RequiredDocumentsResponse } from '@rr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { coupangErrorText, getRequiredDocuments, uploadRequiredDocument } from './api';
import { useCoupangT } from './i18n';

// Issue 37: the documents the product's category requires (requiredDocumentNames), uploaded per
// product and sent as requiredDocuments; a mandatory one missing stops the pre-flight.

const MAX_BYTES = 10 * 1024 * 1024;

function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export function RequiredDocumentsPanel({ productId }: { productId: string }) {
  const { t } = useCoupangT();
  const queryClient = useQueryClient();
  const key = ['required-documents', productId];
  const docs = useQuery({ queryKey: key, queryFn: () => getRequiredDocuments(productId) });
  const [state, setState] = useState<{ busy: string | null; error: string | null; info: string | null }>({
    busy: null,
    error: null,
    info: null,
  });

  async function upload(templateName: string, file: File | null) {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setState({ busy: null, error: t('documents.hint'), info: null });
      return;
    }
    setState({ busy: templateName, error: null, info: null });
    try {
      const next = await uploadRequiredDocument(productId, {
        templateName,
        fileName: file.name,
        dataBase64: await toBase64(file),
      });
      queryClient.setQueryData<RequiredDocumentsResponse>(key, next);
      setState({ busy: null, error: null, info: t('documents.uploaded', { name: file.name }) });
    } catch (e) {
      setState({ busy: null, error: coupangErrorText(e), info: null });
    }
  }

  const data = docs.data;
  return (
    <Stack gap={4} data-testid="required-documents">
      <Text size="xs" fw={600}>
        {t('documents.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('documents.hint')}
      </Text>
      {data && data.required.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('documents.none')}
        </Text>
      ) : null}
      {(data?.required ?? []).map((r) => {
        const file = data?.documents.find((d) => d.templateName === r.templateName);
        return (
          <Group
            key={r.templateName}
            gap={6}
            wrap="nowrap"
            data-template={r.templateName}
            data-uploaded={Boolean(file)}
          >
            <Badge
              size="xs"
              radius="sm"
              variant={r.mandatory ? 'filled' : 'outline'}
              color={r.mandatory ? 'red' : 'gray'}
            >
              {r.mandatory ? t('documents.mandatory') : t('documents.optional')}
            </Badge>
            <Text size="xs" miw={180}>
              {r.templateName}
            </Text>
            {file ? (
              <Anchor size="xs" href={file.vendorDocumentPath} target="_blank" rel="noreferrer">
                {file.fileName || t('documents.open')}
              </Anchor>
            ) : (
              <Text size="xs" c={r.mandatory ? 'red' : 'dimmed'}>
                {t('documents.missing')}
              </Text>
            )}
            <FileButton
              accept="image/jpeg,image/png,application/pdf"
              onChange={(f) => void upload(r.templateName, f)}
            >
              {(props) => (
                <Anchor component="button" type="button" size="xs" {...props} disabled={state.busy !== null}>
                  {t('documents.upload')}
                </Anchor>
              )}
            </FileButton>
          </Group>
        );
      })}
      {state.error ? (
        <Alert color="red" py={4} role="alert">
          {state.error}
        </Alert>
      ) : null}
      {state.info ? (
        <Text size="xs" c="teal" role="status">
          {state.info}
        </Text>
      ) : null}
    </Stack>
  );
}

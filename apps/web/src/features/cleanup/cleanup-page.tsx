import {
  Alert,
  Button,
  FileInput,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { errorMessage } from '../../app/http';
import { useCleanupT } from './i18n';
import { useCleanup } from './use-cleanup';

/** 이미지 글자 지우기 (/CleanUp): every text line removed by the engine, from a file or a URL. */
export default function CleanupPage() {
  const { t } = useCleanupT();
  const { state, dispatch, run, start } = useCleanup();
  const { file, url, missing } = state;
  const result = run.data;
  return (
    <Stack gap="sm" p="md" maw={1200}>
      <Title order={2}>{t('title')}</Title>
      <Text size="sm" c="dimmed">
        {t('hint')}
      </Text>
      <Paper withBorder p="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label={t('file')}
            placeholder={t('filePlaceholder')}
            accept="image/png,image/jpeg,image/gif,image/webp"
            value={file}
            onChange={(f) => dispatch({ type: 'file', file: f })}
            clearable
            w={260}
          />
          <TextInput
            label={t('url')}
            placeholder={t('urlPlaceholder')}
            value={url}
            onChange={(e) => dispatch({ type: 'url', url: e.currentTarget.value })}
            disabled={!!file}
            w={380}
          />
          <Button onClick={start} loading={run.isPending} data-testid="cleanup-run">
            {t('run')}
          </Button>
        </Group>
        {missing ? (
          <Text c="red" size="sm" mt={6} role="alert">
            {t('needInput')}
          </Text>
        ) : null}
      </Paper>
      {run.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(run.error)}
        </Alert>
      ) : null}
      {result ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" data-testid="cleanup-result">
          <Paper withBorder p="xs">
            <Text fw={700} size="sm" mb={4}>
              {t('before')}
            </Text>
            <Image src={result.originalUrl} alt={t('before')} fit="contain" mah={560} />
          </Paper>
          <Paper withBorder p="xs">
            <Group justify="space-between" mb={4}>
              <Text fw={700} size="sm">
                {t('after')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('lines', { n: result.lines, width: result.width, height: result.height })}
              </Text>
            </Group>
            <Image src={result.url} alt={t('after')} fit="contain" mah={560} />
            <Button component="a" href={result.url} download mt={6} size="xs" variant="light">
              {t('download')}
            </Button>
          </Paper>
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

import {
  Alert,
  Button,
  FileInput,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { CoupangCategoryFetch } from '../coupang/coupang-category-fetch';
import { useCategoriesT } from './i18n';
import { useAddCategory } from './use-add-category';

/** /addcategory: a Coupang category-metadata answer, pasted or uploaded, becomes the category's schema. */
export default function AddCategoryPage() {
  const { t } = useCategoriesT();
  const { state, dispatch, submit, readFile, busy } = useAddCategory();
  const { code, path, text, error, saved } = state;

  return (
    <Stack gap="sm" maw={960}>
      <Title order={2} size="h4">
        {t('add.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('add.intro')}
      </Text>
      <Paper withBorder p="sm">
        <Stack gap="sm">
          <Group grow align="flex-start">
            <NumberInput
              label={t('add.code')}
              value={code}
              onChange={(v) => dispatch({ type: 'edit', patch: { code: v } })}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              data-testid="addcategory-code"
            />
            <TextInput
              label={t('add.path')}
              placeholder={t('add.pathPlaceholder')}
              value={path}
              onChange={(e) => dispatch({ type: 'edit', patch: { path: e.currentTarget.value } })}
              data-testid="addcategory-path"
            />
          </Group>
          <Textarea
            label={t('add.meta')}
            placeholder={t('add.metaPlaceholder')}
            value={text}
            onChange={(e) => dispatch({ type: 'edit', patch: { text: e.currentTarget.value } })}
            autosize
            minRows={8}
            maxRows={18}
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
            data-testid="addcategory-meta"
          />
          <FileInput
            label={t('add.file')}
            accept=".json,application/json"
            onChange={(f) => void readFile(f)}
            clearable
            data-testid="addcategory-file"
          />
          <Group>
            <Button onClick={submit} loading={busy} data-testid="addcategory-submit">
              {t('add.submit')}
            </Button>
            <CoupangCategoryFetch code={code} path={path} />
          </Group>
          {error ? (
            <Alert color="red" py={6} role="alert">
              {error}
            </Alert>
          ) : null}
          {saved ? (
            <Alert color="green" py={6} data-testid="addcategory-saved">
              {saved.message}{' '}
              <Button component={Link} to={`/category?code=${saved.code}`} size="compact-xs" variant="subtle">
                {t('add.open')}
              </Button>
            </Alert>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}

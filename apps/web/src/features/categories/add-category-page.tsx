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
import { type CategorySchema, listPurchaseOptions } from '@rr/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../shared/products/http';
import { CoupangCategoryFetch } from '../coupang/coupang-category-fetch';
import { saveCategoryMeta } from './api';
import { useCategoriesT } from './i18n';

/** /addcategory: a Coupang category-metadata answer, pasted or uploaded, becomes the category's schema. */
export default function AddCategoryPage() {
  const { t } = useCategoriesT();
  const queryClient = useQueryClient();
  const [code, setCode] = useState<string | number>('');
  const [path, setPath] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ code: number; message: string } | null>(null);

  async function readFile(file: File | null) {
    if (!file) return;
    setText(await file.text());
  }

  async function submit() {
    setError(null);
    setSaved(null);
    const n = Number(code);
    if (!Number.isInteger(n) || n <= 0) return setError(t('add.needCode'));
    if (!text.trim()) return setError(t('add.needMeta'));
    let meta: unknown;
    try {
      meta = JSON.parse(text);
    } catch (e) {
      return setError(t('add.invalidJson', { message: (e as Error).message }));
    }
    setBusy(true);
    try {
      const r = await saveCategoryMeta({
        displayCategoryCode: n,
        ...(path.trim() ? { categoryPath: path.trim() } : {}),
        meta,
      });
      const schema = r.schema as unknown as CategorySchema;
      setSaved({
        code: r.displayCategoryCode,
        message: t('add.saved', {
          path: r.categoryPath,
          code: r.displayCategoryCode,
          attributes: schema.attributes.length,
          options: listPurchaseOptions(schema).length,
          notices: schema.noticeCategories.length,
          certs: schema.certifications.length,
        }),
      });
      void queryClient.invalidateQueries({ queryKey: ['categories'] });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

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
              onChange={setCode}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              data-testid="addcategory-code"
            />
            <TextInput
              label={t('add.path')}
              placeholder={t('add.pathPlaceholder')}
              value={path}
              onChange={(e) => setPath(e.currentTarget.value)}
              data-testid="addcategory-path"
            />
          </Group>
          <Textarea
            label={t('add.meta')}
            placeholder={t('add.metaPlaceholder')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
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
            <Button onClick={() => void submit()} loading={busy} data-testid="addcategory-submit">
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

import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import { formatMessage, SEO_KEYWORDS_MAX, SEO_NAME_MAX_LENGTH, type Seo } from '@rr/domain';
import { errorText } from '../../shared/products/http';
import { useWorkflowT } from '../../shared/workflow/i18n';
import { useManualSeo } from './use-manual-seo';

/** Manual SEO entry (W §2, §5): the name is mandatory, blank features are dropped. */
export function ManualSeoModal({
  p,
  seo,
  opened,
  onClose,
}: {
  p: RocketProduct;
  seo: Seo;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useWorkflowT();
  const { form, dispatch, save, submit } = useManualSeo(p, seo, onClose);
  const set = (field: 'name' | 'keywords' | 'description' | 'features') => (value: string) =>
    dispatch({ type: 'set', field, value });
  const nameError = form.nameMissing
    ? formatMessage('seoProductNameRequired', {}, i18n.language === 'en' ? 'en' : 'ko')
    : null;
  return (
    <Modal opened={opened} onClose={onClose} title={t('seo.manualTitle')} size="lg" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            {t('seo.manualHint')}
          </Text>
          <TextInput
            label={t('seo.name')}
            value={form.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
            error={nameError}
            withAsterisk
            description={t('seo.nameCount', { n: form.name.length, max: SEO_NAME_MAX_LENGTH })}
            data-testid="manual-seo-name"
          />
          <TextInput
            label={t('seo.keywords')}
            description={t('seo.keywordsHint', { max: SEO_KEYWORDS_MAX })}
            value={form.keywords}
            onChange={(e) => set('keywords')(e.currentTarget.value)}
          />
          <Textarea
            label={t('seo.description')}
            autosize
            minRows={2}
            value={form.description}
            onChange={(e) => set('description')(e.currentTarget.value)}
          />
          <Textarea
            label={t('seo.features')}
            description={t('seo.featuresHint')}
            autosize
            minRows={3}
            value={form.features}
            onChange={(e) => set('features')(e.currentTarget.value)}
          />
          {save.error ? <Alert color="red">{errorText(save.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('seo.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="manual-seo-save">
              {t('seo.manualSave')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

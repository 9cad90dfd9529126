import { Button, Group, Text } from '@mantine/core';
import { ImageActionResponse, type ImageGroup } from '@rr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, http } from '../../app/http';
import { useProductsT } from '../../shared/products/i18n';

/** Re-translate one image group of a product (and, for detail images, merge the page again). */
export function ImageGroupActions({ productId, group }: { productId: string; group: ImageGroup }) {
  const { t } = useProductsT();
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: ['product', productId] });
  const retranslate = useMutation({
    mutationFn: () =>
      http.post(`/api/product-images/${encodeURIComponent(productId)}/retranslate`, ImageActionResponse, {
        group,
      }),
    onSuccess: done,
  });
  const remerge = useMutation({
    mutationFn: () =>
      http.post(`/api/product-images/${encodeURIComponent(productId)}/detail-page`, ImageActionResponse, {
        order: [],
      }),
    onSuccess: done,
  });
  const result = retranslate.data ?? remerge.data;
  const failure = retranslate.error ?? remerge.error;
  return (
    <Group gap="xs" data-testid={`image-actions-${group}`}>
      <Button size="xs" variant="light" loading={retranslate.isPending} onClick={() => retranslate.mutate()}>
        {t('images.retranslateGroup')}
      </Button>
      {group === 'detail' ? (
        <Button size="xs" variant="default" loading={remerge.isPending} onClick={() => remerge.mutate()}>
          {t('images.remerge')}
        </Button>
      ) : null}
      {failure ? (
        <Text size="xs" c="red" role="alert">
          {errorMessage(failure)}
        </Text>
      ) : result ? (
        <Text size="xs" c="green">
          {result.message}
        </Text>
      ) : null}
    </Group>
  );
}

import {
  Alert,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link } from 'react-router';
import { productPath } from '../../shared/products/paths';
import classes from './categories.module.css';
import { useCategoriesT } from './i18n';
import { useCategoryMin } from './use-category-min';

/** /category_min?product=id: the compact category picker the product page opens. */
export default function CategoryMinPage() {
  const { t } = useCategoriesT();
  const { productId, state, dispatch, results, apply } = useCategoryMin();
  const { query, chosen, busy, error, conflict } = state;

  return (
    <Stack gap="xs" maw={560}>
      <Title order={2} size="h5">
        {t('min.title')}
      </Title>
      <Text size="xs" c="dimmed">
        {productId ? t('min.intro') : t('min.noProduct')}
      </Text>
      <Paper withBorder p="xs">
        <TextInput
          size="xs"
          placeholder={t('browse.searchPlaceholder')}
          aria-label={t('browse.search')}
          value={query}
          onChange={(e) => dispatch({ type: 'query', query: e.currentTarget.value })}
          data-testid="category-min-search"
          autoFocus
        />
        <ScrollArea h={280} mt={4}>
          {(results.data ?? []).map((l) => (
            <UnstyledButton
              key={l.displayCategoryCode}
              className={classes.item}
              data-chosen={chosen?.displayCategoryCode === l.displayCategoryCode || undefined}
              onClick={() => dispatch({ type: 'choose', leaf: l })}
            >
              <Text size="xs" fw={600} span>
                {l.name}
              </Text>{' '}
              <Text size="xs" c="dimmed" span>
                {l.path.split('>').slice(0, -1).join(' › ')} · {l.displayCategoryCode}
              </Text>
            </UnstyledButton>
          ))}
        </ScrollArea>
      </Paper>
      {conflict ? (
        <Alert color="yellow" py={4} role="alert" data-testid="category-min-conflict">
          {t('min.conflict')}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" py={4} role="alert">
          {error}
        </Alert>
      ) : null}
      <Group gap="xs">
        <Button
          size="xs"
          disabled={!productId || !chosen}
          loading={busy}
          onClick={() => void apply()}
          data-testid="category-min-apply"
        >
          {t('min.choose')}
        </Button>
        {productId ? (
          <Button size="xs" variant="subtle" component={Link} to={productPath(productId)}>
            {t('min.back')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

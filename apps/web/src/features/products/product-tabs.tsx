import { Tabs } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import type { ReactNode } from 'react';
import { num } from '../../shared/products/format';
import { useProductsT } from '../../shared/products/i18n';
import { TASK_ORDER, type Task, taskStatus } from '../../shared/products/status';
import { DocumentView } from './document-view';
import { OptionsTab } from './options-tab';
import { PricingTab } from './pricing-tab';
import { statusDotColour } from './product-page-state';
import { SeoTab } from './seo-tab';
import { SourceTab } from './source-tab';
import { TaskHeader } from './task-header';
import { ImageTaskBody } from './task-images';
import { useProductTab } from './use-product-page';

function StatusDot({ status }: { status: string }) {
  return (
    <span
      aria-hidden
      style={{
        width: 8,
        height: 8,
        borderRadius: 4,
        background: statusDotColour(status),
        display: 'inline-block',
      }}
    />
  );
}

function TaskTab({ p, task }: { p: RocketProduct; task: Task }) {
  let body: ReactNode;
  switch (task) {
    case 'seo':
      body = <SeoTab p={p} />;
      break;
    case 'pricing':
      body = <PricingTab p={p} />;
      break;
    case 'mainImage':
    case 'additionalImage':
    case 'detailImage':
    case 'koreanLabel':
    case 'sizeChart':
      body = <ImageTaskBody p={p} task={task} />;
      break;
    case 'quotation':
      body = <DocumentView p={p} />;
      break;
  }
  return (
    <div>
      <TaskHeader p={p} task={task} />
      {body}
    </div>
  );
}

/** The source, the options, and one tab per task (with its status dot); the open tab is in the URL. */
export function ProductTabs({ p }: { p: RocketProduct }) {
  const { t } = useProductsT();
  const { tab, setTab } = useProductTab();
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="source">{t('product.tabSource')}</Tabs.Tab>
        <Tabs.Tab value="options">
          {t('product.tabOptions')} ({num(p.options.length)})
        </Tabs.Tab>
        {TASK_ORDER.map((task) => (
          <Tabs.Tab key={task} value={task} rightSection={<StatusDot status={taskStatus(p, task)} />}>
            {t(`task.${task}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>

      <Tabs.Panel value="source" pt="sm">
        <SourceTab p={p} />
      </Tabs.Panel>
      <Tabs.Panel value="options" pt="sm">
        <OptionsTab p={p} />
      </Tabs.Panel>
      {TASK_ORDER.map((task) => (
        <Tabs.Panel key={task} value={task} pt="sm">
          <TaskTab p={p} task={task} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

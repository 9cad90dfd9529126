import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, WithMantine } from '../app/test-utils';
import { DataTable } from './data-table';
import { clampPercent, ProgressWidget } from './progress-widget';
import { TabNavItem } from './tab-nav-item';
import { TabPanel } from './tab-panel';
import { TitleSection } from './title-section';

beforeAll(installDomShims);
afterEach(cleanup);

function Tabs() {
  const [active, setActive] = useState('seo');
  const tabs = [
    ['seo', 'SEO'],
    ['price', '가격'],
    ['label', '한글표시'],
  ];
  return (
    <>
      <div role="tablist">
        {tabs.map(([id, label]) => (
          <TabNavItem
            key={id}
            id={`tab-${id}`}
            controls={`panel-${id}`}
            active={active === id}
            onSelect={() => setActive(id!)}
          >
            {label}
          </TabNavItem>
        ))}
      </div>
      {tabs.map(([id, label]) => (
        <TabPanel key={id} id={`panel-${id}`} labelledBy={`tab-${id}`} active={active === id}>
          {label} 내용
        </TabPanel>
      ))}
    </>
  );
}

/** Whether the named checkbox is ticked. */
const checked = (name: string) => {
  const box = screen.getByRole('checkbox', { name });
  return box instanceof HTMLInputElement && box.checked;
};

describe('shared widgets', () => {
  it('tab navigation items switch the tab panel, by click and by arrow keys', () => {
    render(
      <WithMantine>
        <Tabs />
      </WithMantine>,
    );
    expect(screen.getByRole('tabpanel').textContent).toBe('SEO 내용');
    fireEvent.click(screen.getByRole('tab', { name: '가격' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('가격 내용');
    expect(screen.getByRole('tab', { name: '가격' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: '가격' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tabpanel').textContent).toBe('한글표시 내용');
    fireEvent.keyDown(screen.getByRole('tab', { name: '한글표시' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tabpanel').textContent).toBe('SEO 내용');
  });

  it('title section links its add button', () => {
    render(
      <WithMantine>
        <MemoryRouter>
          <TitleSection title="상품 목록" addTo="/addproduct" addLabel="상품 추가" />
        </MemoryRouter>
      </WithMantine>,
    );
    expect(screen.getByRole('heading', { name: '상품 목록' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /상품 추가/ }).getAttribute('href')).toBe('/addproduct');
  });

  it('progress bar shows a clamped, rounded percent', () => {
    expect([clampPercent(-5), clampPercent(42.6), clampPercent(180), clampPercent(Number.NaN)]).toEqual([
      0, 43, 100, 0,
    ]);
    render(
      <WithMantine>
        <ProgressWidget label="완성도" value={57.14} />
      </WithMantine>,
    );
    expect(screen.getByText('57%')).toBeTruthy();
  });

  it('data table shell: empty message, rows, and selection with select-all', () => {
    function Table({ rows }: { rows: { id: string; name: string }[] }) {
      const [selected, setSelected] = useState<Set<string>>(new Set());
      return (
        <DataTable
          caption="상품"
          columns={[{ key: 'name', header: '상품명', render: (r) => r.name }]}
          rows={rows}
          rowKey={(r) => r.id}
          emptyMessage="표시할 상품이 없습니다."
          selected={selected}
          onSelectedChange={setSelected}
        />
      );
    }
    const { rerender } = render(
      <WithMantine>
        <Table rows={[]} />
      </WithMantine>,
    );
    expect(screen.getByText('표시할 상품이 없습니다.')).toBeTruthy();
    rerender(
      <WithMantine>
        <Table
          rows={[
            { id: 'p1', name: '원피스' },
            { id: 'p2', name: '운동화' },
          ]}
        />
      </WithMantine>,
    );
    expect(screen.getByRole('table', { name: '상품' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '전체 선택' }));
    expect(checked('p1 선택')).toBe(true);
    expect(checked('p2 선택')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'p1 선택' }));
    expect(checked('전체 선택')).toBe(false);
  });
});

import { HomeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Input, Select, Space, Switch, Tooltip, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanPathInput, crumbsOf } from '../lib/paths';
import { ClusterSelect } from './ClusterSelect';
import type { FolderViewState } from './use-folder-view';

/** The editable path: Enter goes there, Escape puts back the folder shown; a bad path says why. */
const PathBox = ({ fv }: { fv: FolderViewState }) => {
  const { token } = theme.useToken();
  const { t } = useTranslation('files');
  const [text, setText] = useState(fv.current);
  const [invalid, setInvalid] = useState(false);
  const submit = async () => {
    const to = cleanPathInput(text);
    if (!to) return setInvalid(true);
    setInvalid(false);
    if (to !== fv.current && !(await fv.go(to))) setText(fv.current);
  };
  return (
    <>
      <Input
        aria-label={t('path.box')}
        data-testid="path-box"
        value={text}
        status={invalid ? 'error' : undefined}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={() => void submit()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setText(fv.current);
        }}
        spellCheck={false}
      />
      {invalid && (
        <div role="alert" style={{ position: 'absolute', top: 34, color: token.colorError }}>
          {t('path.invalid')}
        </div>
      )}
    </>
  );
};

/** Where the user is: cluster, home, roots, breadcrumbs and the path box. */
export const PathBar = ({ fv, onCluster }: { fv: FolderViewState; onCluster: (id: string) => void }) => {
  const { t } = useTranslation('files');
  const crumbs = fv.current ? crumbsOf(fv.current, fv.roots, fv.home) : [];

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Space.Compact style={{ width: '100%', position: 'relative' }}>
        <ClusterSelect fv={fv} onChoose={onCluster} />
        <Tooltip title={t('path.home')}>
          <Button
            icon={<HomeOutlined aria-hidden />}
            aria-label={t('path.home')}
            onClick={() => void fv.go(fv.home || undefined)}
          />
        </Tooltip>
        {fv.roots.length > 1 && (
          <Select
            aria-label={t('path.roots')}
            style={{ minWidth: 160 }}
            value={[...fv.roots].sort((a, b) => b.length - a.length).find((r) => fv.current.startsWith(r))}
            options={fv.roots.map((r) => ({ value: r, label: r === fv.home ? `~ (${r})` : r }))}
            onChange={(r: string) => void fv.go(r)}
          />
        )}
        <PathBox key={fv.current} fv={fv} />
        <Tooltip title={t('path.refresh')}>
          <Button icon={<ReloadOutlined aria-hidden />} aria-label={t('path.refresh')} onClick={() => void fv.folder.refetch()} />
        </Tooltip>
      </Space.Compact>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <nav aria-label={t('path.crumbs')} style={{ flex: 1, minWidth: 0 }}>
          <Breadcrumb
            items={crumbs.map((c, i) => ({
              key: c.path,
              title:
                i === crumbs.length - 1 ? (
                  <span aria-current="page">{c.label}</span>
                ) : (
                  <a
                    href={`#${c.path}`}
                    onClick={(e) => {
                      e.preventDefault();
                      void fv.go(c.path);
                    }}
                  >
                    {c.label}
                  </a>
                ),
            }))}
          />
        </nav>
        <label style={{ display: 'inline-flex', gap: 6, alignItems: 'center', whiteSpace: 'nowrap' }}>
          <Switch size="small" checked={fv.showHidden} onChange={fv.setShowHidden} />
          {t('list.showHidden')}
        </label>
        <Input
          allowClear
          aria-label={t('list.filter')}
          placeholder={t('list.filter')}
          value={fv.filterText}
          onChange={(e) => fv.setFilter(e.target.value)}
          style={{ width: 220 }}
        />
      </div>
    </div>
  );
};

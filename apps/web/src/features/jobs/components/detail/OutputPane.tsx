import { DownloadOutlined, SyncOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Select, Spin, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, type JobState } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { useSession } from '../../../../lib/session';
import { downloadJobOutput, isNoOutput, useJobOutput } from '../../api/job-output';

/** How much of the file to show: the last N KB, or all of it. */
const TAIL_KB = [10, 50, 100, 500, 1024] as const;
type Amount = (typeof TAIL_KB)[number] | 'full';

interface Props {
  jobId: string;
  clusterId: string;
  stream: 'stdout' | 'stderr';
  /** A new state reads the file again (a job that starts running starts writing). */
  state: JobState;
}

/** One output file: its tail or the whole of it (refused above the server's size guard), or download it. */
export const OutputPane = ({ jobId, clusterId, stream, state }: Props) => {
  const { t } = useTranslation('job-details');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [amount, setAmount] = useState<Amount>(10);
  const [downloading, setDownloading] = useState(false);
  const { refreshMs } = useSession();
  // The tail of a running job follows it; a whole file is read when asked.
  const follow = (state === 'R' || state === 'E') && amount !== 'full';
  const output = useJobOutput(
    jobId,
    { clusterId, stream, tailBytes: amount === 'full' ? undefined : amount * 1024 },
    { state, refreshMs: follow ? refreshMs : undefined },
  );
  const missing = isNoOutput(output.error);
  const pre = useRef<HTMLPreElement>(null);
  // A tail is read from its end: show the newest lines first.
  useEffect(() => {
    if (pre.current && amount !== 'full') pre.current.scrollTop = pre.current.scrollHeight;
  }, [output.data, amount]);
  const download = () => {
    setDownloading(true);
    downloadJobOutput(jobId, { clusterId, stream })
      .catch((e: unknown) => void message.error(errorText(e)))
      .finally(() => setDownloading(false));
  };
  const label = t(`output.${stream}`);
  return (
    <>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 8 }}>
        <Select<Amount>
          value={amount}
          onChange={setAmount}
          aria-label={t('output.amount')}
          style={{ width: 160 }}
          options={[
            ...TAIL_KB.map((kb) => ({ value: kb, label: t('output.lastKb', { kb }) })),
            { value: 'full' as const, label: t('output.full') },
          ]}
        />
        <Tooltip title={t('output.refresh')}>
          <Button
            icon={<SyncOutlined spin={output.isFetching} aria-hidden />}
            aria-label={t('output.refresh')}
            onClick={() => void output.refetch()}
          />
        </Tooltip>
        <Button icon={<DownloadOutlined aria-hidden />} loading={downloading} onClick={download}>
          {t('output.download')}
        </Button>
        {output.data && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {output.data.path} · {formatBytes(output.data.size)}
            {output.data.truncated ? ` · ${t('output.truncated', { shown: formatBytes(output.data.content.length) })}` : ''}
          </Typography.Text>
        )}
      </Flex>
      {output.isError && (
        <Alert
          type={missing ? 'info' : 'warning'}
          showIcon
          style={{ marginBottom: 8 }}
          // The job's state says it has output: the file is only not there yet, and is asked for again.
          title={missing ? t('output.notYet') : errorText(output.error)}
          action={
            missing ? undefined : (
              <Button size="small" onClick={download}>
                {t('output.download')}
              </Button>
            )
          }
        />
      )}
      {!output.isError && (
        <Spin spinning={output.isFetching && !output.data}>
          <pre
            ref={pre}
            role="region"
            // A scrollable region must be reachable by keyboard to be read (WCAG 2.1.1).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            aria-label={label}
            style={{
              background: '#0f172a',
              color: '#e2e8f0',
              padding: 12,
              borderRadius: 6,
              minHeight: 120,
              maxHeight: 480,
              overflow: 'auto',
              margin: 0,
              fontSize: 12,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
            }}
          >
            {output.data ? output.data.content || t('output.empty') : ''}
          </pre>
        </Spin>
      )}
    </>
  );
};

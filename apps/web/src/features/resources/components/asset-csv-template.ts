import { ASSET_CSV_COLUMNS } from '@portal/shared';

/** A CSV with the import's header and two example rows (a rack and a switch in it). */
export const assetCsvTemplate = (): string => {
  const example: Record<string, string>[] = [
    { name: 'rack-a01', type: 'RACK', room: 'room-1', height: '42' },
    {
      name: 'ib-sw01',
      type: 'SWITCH',
      model: 'QM8700',
      manageIp: '10.0.0.2',
      room: 'room-1',
      rack: 'rack-a01',
      position: '40',
      height: '1',
      parent: 'rack-a01',
    },
  ];
  const lines = [ASSET_CSV_COLUMNS.join(','), ...example.map((row) => ASSET_CSV_COLUMNS.map((c) => row[c] ?? '').join(','))];
  return `${lines.join('\r\n')}\r\n`;
};

import {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CloudServerOutlined,
  CloudUploadOutlined,
  CodeOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  FieldTimeOutlined,
  FolderOpenOutlined,
  HeatMapOutlined,
  HistoryOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SolutionOutlined,
  SwapOutlined,
  OrderedListOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Icon names the server's menu data uses. */
const icons: Record<string, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  dashboard: DashboardOutlined,
  team: TeamOutlined,
  'user-add': UserAddOutlined,
  audit: AuditOutlined,
  user: UserOutlined,
  setting: SettingOutlined,
  job: ScheduleOutlined,
  history: HistoryOutlined,
  submit: CloudUploadOutlined,
  chart: BarChartOutlined,
  heatmap: HeatMapOutlined,
  folder: FolderOpenOutlined,
  shell: CodeOutlined,
  swap: SwapOutlined,
  apartment: ApartmentOutlined,
  bank: BankOutlined,
  wallet: WalletOutlined,
  cluster: CloudServerOutlined,
  queue: OrderedListOutlined,
  resource: DatabaseOutlined,
  walltime: FieldTimeOutlined,
  application: SolutionOutlined,
  desktop: DesktopOutlined,
  alarm: AlertOutlined,
};

/** Decorative: the entry's text names it, so screen readers skip the icon. */
export const MenuIcon = ({ name }: { name: string }) => {
  const Icon = icons[name] ?? AppstoreOutlined;
  return <Icon aria-hidden />;
};

import type { TableProps } from 'antd';
import { useState } from 'react';
import type { JobListItem } from '@portal/shared';
import { firstPage, toPageStart, type Paging } from '../../../../components/pager/paging';
import type { SortKey } from './column-parts';
import type { JobsCriteria } from './filter-model';

interface Sort {
  sort?: SortKey;
  order: 'asc' | 'desc';
}

/** Filters, sorting and paging of a job list; a new filter or sort goes back to page 1. */
export const useListState = (initial: Sort = { order: 'desc' }) => {
  const [criteria, setCriteria] = useState<JobsCriteria>({});
  const [paging, setPaging] = useState<Paging>(firstPage());
  const [sort, setSort] = useState<Sort>(initial);

  const search = (c: JobsCriteria) => {
    setCriteria(c);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const onTableChange: TableProps<JobListItem>['onChange'] = (_p, _f, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    setSort(s?.order ? { sort: s.columnKey as SortKey, order: s.order === 'ascend' ? 'asc' : 'desc' } : initial);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  // The filter form is remounted with this key when the filters are cleared from the empty list.
  const [filtersKey, setFiltersKey] = useState(0);
  const filtered = Object.values(criteria).some((v) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0));
  const clearFilters = () => {
    search({});
    setFiltersKey((k) => k + 1);
  };
  const sortOrder = (key: SortKey) => (sort.sort === key ? (sort.order === 'asc' ? 'ascend' : 'descend') : null);

  return {
    paging,
    setPaging,
    search,
    onTableChange,
    sortOrder,
    filtered,
    filtersKey,
    clearFilters,
    query: { ...criteria, ...sort, pageStart: toPageStart(paging), pageLimit: paging.pageSize },
  };
};

/** The last value that was not undefined (a list kept on screen while the scheduler is away). */
export const useLastDefined = <T>(value: T | undefined): T | undefined => {
  const [last, setLast] = useState(value);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
};

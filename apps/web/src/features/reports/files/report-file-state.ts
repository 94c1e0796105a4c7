/* The report files' states: those of every file made in the background (components/file-tasks). */
export {
  anyPending,
  fileLang,
  FILE_TASKS_POLL_MS as REPORT_FILES_POLL_MS,
  isPending,
  isReady,
  STATE_COLORS,
} from '../../../components/file-tasks/file-task-state';

/** The spec's routes of the queue pages (section 2). */
export const QUEUES_PATH = '/job-resource/queue-manage';
export const ADD_QUEUE_PATH = '/job-resource/queue-manage/add/addQueue/account';
/** With ?name=<queue>. */
export const MODIFY_QUEUE_PATH = '/job-resource/queue-manage/add/modify/account';

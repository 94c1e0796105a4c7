/** The clusters a desktop may start on. */
export { useClusters } from '../../../lib/queries/clusters';

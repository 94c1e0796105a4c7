/** The configured clusters; the file manager shows the first unless its address names another. */
export { useClusters } from '../../../lib/queries/clusters';

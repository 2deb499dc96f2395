import { closeScratchRoot } from './scratch';

export default function scratchTeardown() {
  closeScratchRoot();
}

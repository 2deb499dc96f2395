import { openScratchRoot } from './scratch';

export default function scratchSetup() {
  openScratchRoot();
}

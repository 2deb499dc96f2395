/**
 * The device texts (issue 41: the login screen's device-limit panel, my devices, the teacher's view
 * of a student's devices and the settings): they join the
 * dictionaries with the first of those screens. Each of them imports this module.
 */
import { arDevices } from './ar/devices';
import { enDevices } from './en/devices';
import { addArea } from './use-t';

addArea({ en: enDevices, ar: arDevices });

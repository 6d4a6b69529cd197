export const util = 2;
// SPDX-License-Identifier: MIT

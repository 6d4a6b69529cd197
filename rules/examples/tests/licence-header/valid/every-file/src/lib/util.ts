// SPDX-License-Identifier: Apache-2.0
export const util = 2;

/** Spec §3 User, as /api/loginstatus and /api/auth/login answer it. */
export type UserInfo = {
  _id: string;
  regdate: string | null;
  name: string;
  companyid: string;
  companyName?: string | null;
  email: string;
  phone: string | null;
  suppliercode: string | null;
  accesshistory: { event: string; ip: string | null; at: string }[];
  auth: Partial<Record<string, boolean>>;
  grade: string;
  expireDate: string | null;
  paydate: string | null;
  nextpayment: string | null;
  addAccount: boolean;
  version: number;
  rocketRegSlot: number;
  image: string | null;
};

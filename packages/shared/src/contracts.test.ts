import { describe, expect, it } from 'vitest';
import * as shared from './index.js';
import { allContracts, contractAreas } from './api/all.js';
import { CheckCodeBody, CheckUserIsExistBody, RegisterUserBody } from './api/registration.js';
import { LoginAuthBody } from './api/login.js';
import { ModifyPwdBody, ModifyUserInfoBody } from './api/profile.js';
import { ImportKeyBody } from './api/keys.js';
import { contractArea, isContract } from './contract.js';
import { PERMISSIONS } from './roles.js';

/* Every endpoint is declared once in allContracts; spec section 7 names the legacy paths. */

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);

describe('allContracts', () => {
  it('is not empty', () => {
    expect(allContracts.length).toBeGreaterThan(0);
  });

  it('has unique ids', () => {
    expect(duplicates(allContracts.map((c) => c.id))).toEqual([]);
  });

  it('names each contract by its area: the id starts with the name of the file that declares it', () => {
    const misnamed = Object.entries(contractAreas).flatMap(([area, exports]) =>
      Object.values(exports)
        .filter(isContract)
        .filter((c) => !c.id.startsWith(`${area}.`))
        .map((c) => `${c.id} (in ${area})`),
    );
    expect(misnamed).toEqual([]);
  });

  it('has unique method + path pairs', () => {
    expect(duplicates(allContracts.map((c) => `${c.method} ${c.path}`))).toEqual([]);
  });

  it('holds every contract the package exports', () => {
    const exported = Object.values<unknown>(shared).filter(isContract);
    expect(exported.length).toBeGreaterThan(0);
    const missing = exported.filter((c) => !allContracts.includes(c)).map((c) => c.id);
    expect(missing).toEqual([]);
  });

  describe.each(allContracts.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    it('has an id <area>.<name> and a summary', () => {
      expect(c.id).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
      expect(Object.keys(contractAreas)).toContain(contractArea(c));
      expect(c.summary.trim()).not.toBe('');
    });

    it('requires a permission from PERMISSIONS', () => {
      expect(PERMISSIONS).toContain(c.permission);
    });

    it('has a known method and an absolute path', () => {
      expect(METHODS).toContain(c.method);
      expect(c.path).toMatch(/^\/\S*$/);
    });

    it('has a data schema', () => {
      expect(c.data).toBeDefined();
    });
  });
});

describe('paths of spec section 7 are kept exactly', () => {
  const byPath = new Map(allContracts.map((c) => [c.path, c]));

  it.each<[method: string, path: string]>([
    // Session and login
    ['POST', '/login/querySystemVersionType.action'],
    ['POST', '/login/queryLicenseInfo.action'],
    ['POST', '/login/checkLock.action'],
    ['POST', '/login/loginAuth.action'],
    ['POST', '/sys_gvuserma/gvuserma/checkUserIsExist.action'],
    ['POST', '/login/checkCodeRegister.action'],
    ['GET', '/login/queryPwdStrength.action'],
    ['POST', '/sys_gvuserma/gvuserma/registerUser.action'],
    ['GET', '/pageframe/main/getIndexData.action'],
    ['GET', '/pageframe/main/getMenus.action'],
    ['POST', '/jm_nodemanagement/nodemanagement/listCluster.action'],
    ['POST', '/pageframe/main/logout.action'],
    ['POST', '/pageframe/main/isHybridService.action'],
    // Main page
    ['POST', '/commonsoft/softwaremanagement/softwareDownload.action'],
    ['POST', '/commonsoft/faqmanagement/faqDownload.action'],
    ['POST', '/pageframe/main/importKey.action'],
    ['POST', '/pageframe/main/queryLoginUser.action'],
    ['POST', '/pageframe/main/modifyUserInfo.action'],
    ['POST', '/pageframe/main/modifyPwd.action'],
    ['POST', '/pageframe/main/getOnlineUser.action'],
    // Approvals and accounts
    ['POST', '/sys_gvuserma/gvuserma/refuseUser.action'],
    ['POST', '/sys_gvuserma/gvuserma/queryPendingUserInfo.action'],
    ['POST', '/sys_gvuserma/gvuserma/queryUser.action'],
  ])('%s %s', (method, path) => {
    const c = byPath.get(path);
    expect(c, `no contract for ${path}`).toBeDefined();
    expect(c?.method).toBe(method);
  });

  it.each<[path: string]>([
    ['/login/querySystemVersionType.action'],
    ['/login/queryLicenseInfo.action'],
    ['/login/checkLock.action'],
    ['/login/loginAuth.action'],
    ['/sys_gvuserma/gvuserma/checkUserIsExist.action'],
    ['/login/checkCodeRegister.action'],
    ['/login/queryPwdStrength.action'],
    ['/sys_gvuserma/gvuserma/registerUser.action'],
  ])('%s needs no session (reached before sign-in)', (path) => {
    expect(byPath.get(path)?.permission).toBe('public');
  });

  it('logout succeeds without a session', () => {
    expect(byPath.get('/pageframe/main/logout.action')?.permission).toBe('public');
  });
});

describe('request field names of the spec', () => {
  it.each<[name: string, schema: { shape: Record<string, unknown> }, fields: string[]]>([
    ['LoginAuthBody', LoginAuthBody, ['strUserName', 'strPassword', 'strUserType', 'authCode']],
    ['RegisterUserBody', RegisterUserBody, ['rand', 'userName', 'userPwd', 'email', 'phoneNum', 'descInfo']],
    ['CheckUserIsExistBody', CheckUserIsExistBody, ['userName', 'isRegisterUser', 'userRole', 'rand']],
    ['CheckCodeBody', CheckCodeBody, ['rand', 'code']],
    ['ModifyUserInfoBody', ModifyUserInfoBody, ['email', 'phoneNum', 'descInfo']],
    ['ImportKeyBody', ImportKeyBody, ['rsaKeyName', 'rsaKeyContent']],
  ])('%s has exactly the fields of the spec', (_name, schema, fields) => {
    expect(Object.keys(schema.shape).sort()).toEqual([...fields].sort());
  });

  it('ModifyPwdBody has the spec fields newPwd and oldPwd (plus an optional confirmation)', () => {
    const keys = Object.keys(ModifyPwdBody.shape);
    expect(keys).toEqual(expect.arrayContaining(['newPwd', 'oldPwd']));
    expect(keys.filter((k) => k !== 'newPwd' && k !== 'oldPwd')).toEqual(['verifyCheckNewPwd']);
  });

  it('the login and registration contracts use those schemas', () => {
    expect(shared.loginAuth.body).toBe(LoginAuthBody);
    expect(shared.registerUser.body).toBe(RegisterUserBody);
  });
});

describe('LoginAuthBody', () => {
  it('accepts a form-encoded sign-in with blank optional fields', () => {
    expect(LoginAuthBody.parse({ strUserName: 'admin', strPassword: 'secret', strUserType: '', authCode: '' })).toEqual({
      strUserName: 'admin',
      strPassword: 'secret',
      strUserType: undefined,
      authCode: undefined,
    });
  });

  it.each<[body: Record<string, unknown>, why: string]>([
    [{ strPassword: 'secret' }, 'no user name'],
    [{ strUserName: '', strPassword: 'secret' }, 'empty user name'],
    [{ strUserName: 'admin', strPassword: '' }, 'empty password'],
    [{ userName: 'admin', password: 'secret' }, 'wrong field names'],
  ])('rejects %j (%s)', (body) => {
    expect(LoginAuthBody.safeParse(body).success).toBe(false);
  });
});

describe('RegisterUserBody', () => {
  const valid = {
    rand: 'abcdef12',
    userName: 'new_user',
    userPwd: 'Passw0rd!',
    email: 'new_user@example.com',
    phoneNum: '13812345678',
    descInfo: 'from the lab',
  };

  it('accepts a complete registration', () => {
    expect(RegisterUserBody.parse(valid)).toEqual(valid);
  });

  it('treats blank phone and description as not given', () => {
    expect(RegisterUserBody.parse({ ...valid, phoneNum: '', descInfo: '' })).toMatchObject({
      phoneNum: undefined,
      descInfo: undefined,
    });
  });

  it.each<[patch: Record<string, unknown>, why: string]>([
    [{ userName: 'abc' }, 'user name of 3 characters'],
    [{ userName: 'a'.repeat(33) }, 'user name of 33 characters'],
    [{ userName: 'bad name' }, 'space in the user name'],
    [{ email: '' }, 'empty e-mail'],
    [{ email: 'user@example.info' }, '4-letter e-mail suffix'],
    [{ phoneNum: '12812345678' }, 'phone not starting 13/15/17/18'],
    [{ descInfo: 'x'.repeat(129) }, 'description over 128 characters'],
    [{ rand: 'short' }, 'rand under 8 characters'],
    [{ userPwd: '' }, 'empty password'],
  ])('rejects %j (%s)', (patch) => {
    expect(RegisterUserBody.safeParse({ ...valid, ...patch }).success).toBe(false);
  });

  it('accepts a description of exactly 128 characters', () => {
    expect(RegisterUserBody.safeParse({ ...valid, descInfo: 'x'.repeat(128) }).success).toBe(true);
  });
});

import { useQuery } from '@tanstack/react-query';
import { Check, ChevronDown, LoaderCircle, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { bankPageQuery, branchesQuery, regionsQuery } from '../../api/wxpay';
import { cx } from '../../ui/cx';
import { Popover } from '../../ui/popover';
import { Row, useFieldValue, useForm } from './merchant-form';
import styles from './merchant-form.module.css';
import picker from './pickers.module.css';

interface TOption {
  value: string;
  label: string;
  extra?: string;
}

/** A searchable list in a popover, opened from a select-like button (the label points at the button). */
function SearchList(props: {
  id: string;
  value: string;
  display: string;
  placeholder: string;
  disabled?: boolean;
  invalid: boolean;
  keyword: string;
  onKeyword: (keyword: string) => void;
  options: TOption[];
  loading: boolean;
  empty: string;
  onPick: (option: TOption) => void;
}) {
  const [open, setOpen] = useState(false);
  const trigger = (
    <button
      id={props.id}
      type="button"
      disabled={props.disabled}
      aria-invalid={props.invalid}
      className={cx(styles.input, picker.trigger, !props.value && styles.placeholder)}
    >
      <span className={picker.triggerText}>{props.value ? props.display : props.placeholder}</span>
      <ChevronDown size={14} aria-hidden className={picker.chevron} />
    </button>
  );
  return (
    <Popover trigger={trigger} open={open} onOpenChange={setOpen} align="start" width={360} className={picker.panel} label={props.placeholder}>
      <div className={picker.search}>
        <Search size={14} aria-hidden />
        <input value={props.keyword} onChange={(event) => props.onKeyword(event.target.value)} placeholder="输入关键字搜索" aria-label="搜索" autoFocus />
      </div>
      <ul className={picker.list} role="listbox" aria-label={props.placeholder}>
        {props.loading ? (
          <li className={picker.note}>
            <LoaderCircle size={14} className={styles.spin} aria-hidden /> 加载中…
          </li>
        ) : props.options.length === 0 ? (
          <li className={picker.note}>{props.empty}</li>
        ) : (
          props.options.map((option) => (
            <li
              key={option.value}
              role="option"
              aria-selected={option.value === props.value}
              tabIndex={0}
              className={cx(picker.option, option.value === props.value && picker.optionOn)}
              onClick={() => {
                props.onPick(option);
                setOpen(false);
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                props.onPick(option);
                setOpen(false);
              }}
            >
              <span className={picker.optionText}>
                <span>{option.label}</span>
                {option.extra ? <span className={picker.optionExtra}>{option.extra}</span> : null}
              </span>
              {option.value === props.value ? <Check size={14} aria-hidden /> : null}
            </li>
          ))
        )}
      </ul>
    </Popover>
  );
}

export function BankPicker() {
  const { errors, change } = useForm();
  const code = useFieldValue('account_info.bank_alias_code');
  const name = useFieldValue('account_info.account_bank');
  const [keyword, setKeyword] = useState('');
  const query = useQuery(bankPageQuery(keyword.trim()));
  const id = useId();
  return (
    <Row label="开户银行" htmlFor={id} required paths={['account_info.account_bank']}>
      <SearchList
        id={id}
        value={code}
        display={name}
        placeholder="请选择开户银行"
        invalid={Boolean(errors['account_info.account_bank'])}
        keyword={keyword}
        onKeyword={setKeyword}
        options={(query.data?.list ?? []).map((b) => ({ value: b.bank_alias_code, label: b.bank_alias, extra: b.bank_type }))}
        loading={query.isPending}
        empty="没有找到该银行"
        onPick={(option) => {
          change('account_info.bank_alias_code', option.value);
          change('account_info.account_bank', option.label);
        }}
      />
    </Row>
  );
}

/** Province, then city: the city's 6-digit code is bank_address_code. */
export function RegionPicker() {
  const { errors, change } = useForm();
  const city = useFieldValue('account_info.bank_address_code');
  const [province, setProvince] = useState(city ? `${city.slice(0, 2)}0000` : '');
  useEffect(() => {
    if (city) setProvince(`${city.slice(0, 2)}0000`);
  }, [city]);
  const provinces = useQuery(regionsQuery());
  const cities = useQuery({ ...regionsQuery(province), enabled: Boolean(province) });
  const invalid = Boolean(errors['account_info.bank_address_code']);
  return (
    <Row label="开户银行所在地" required paths={['account_info.bank_address_code']} id="bank-region">
      <div className={picker.pair} role="group" aria-labelledby="bank-region-label">
        <select
          aria-label="开户省份"
          className={cx(styles.input, styles.select, !province && styles.placeholder)}
          value={province}
          aria-invalid={invalid}
          onChange={(event) => {
            setProvince(event.target.value);
            change('account_info.bank_address_code', '');
          }}
        >
          <option value="">请选择省份</option>
          {(provinces.data?.list ?? []).map((p) => (
            <option key={p.code} value={p.code}>
              {p.name}
            </option>
          ))}
        </select>
        <select
          aria-label="开户城市"
          className={cx(styles.input, styles.select, !city && styles.placeholder)}
          value={city}
          disabled={!province}
          aria-invalid={invalid}
          onChange={(event) => change('account_info.bank_address_code', event.target.value)}
        >
          <option value="">请选择城市</option>
          {(cities.data?.list ?? []).map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
    </Row>
  );
}

export function BranchPicker() {
  const { errors, change } = useForm();
  const bank = useFieldValue('account_info.bank_alias_code');
  const city = useFieldValue('account_info.bank_address_code');
  const branchId = useFieldValue('account_info.bank_branch_id');
  const branchName = useFieldValue('account_info.bank_name');
  const [keyword, setKeyword] = useState('');
  const query = useQuery(branchesQuery(bank, city, keyword.trim()));
  const id = useId();
  const ready = Boolean(bank && city);
  return (
    <Row label="开户支行" htmlFor={id} required paths={['account_info.bank_branch_id']} hint={ready ? undefined : '请先选择开户银行和所在地'}>
      <SearchList
        id={id}
        value={branchId}
        display={branchName}
        placeholder={ready ? '请选择开户支行' : '请先选择开户银行和所在地'}
        disabled={!ready}
        invalid={Boolean(errors['account_info.bank_branch_id'])}
        keyword={keyword}
        onKeyword={setKeyword}
        options={(query.data?.list ?? []).map((b) => ({ value: b.bank_branch_id, label: b.bank_branch_name, extra: `联行号 ${b.bank_branch_id}` }))}
        loading={query.isPending && ready}
        empty="该地区暂无此银行的支行，请更换城市"
        onPick={(option) => {
          change('account_info.bank_branch_id', option.value);
          change('account_info.bank_name', option.label);
        }}
      />
    </Row>
  );
}

# -*- coding: utf-8 -*-
{%- from tpldir ~ "/map.jinja" import users with context %}
include:
  - users.groups

{%- for name, user in pillar.get('users', {}).items() if user.absent is not defined or not user.absent %}
{%-   set home = user.get('home', users.home_base ~ "/" ~ name) %}
{%-   set user_group = user.get('prime_group', {}).get('name', name) %}

users_{{ name }}_group:
  group.present:
    - name: {{ user_group }}
    {%- if user.get('prime_group', {}).gid is defined %}
    - gid: {{ user.prime_group.gid }}
    {%- endif %}

users_{{ name }}_user:
  user.present:
    - name: {{ name }}
    - home: {{ home }}
    - shell: {{ user.get('shell', users.shell) }}
    - gid: {{ user_group }}
    - createhome: True
    {%- if user.fullname is defined %}
    - fullname: {{ user.fullname }}
    {%- endif %}
    {%- if user.groups is defined %}
    - groups: {{ user.groups | json }}
    {%- endif %}
    {%- if user.password is defined %}
    - password: '{{ user.password }}'
    - hash_password: {{ user.get('hash_password', False) }}
    {%- endif %}
    - require:
      - group: users_{{ name }}_group
      {%- for group in user.get('groups', []) %}
      - group: group_{{ group }}
      {%- endfor %}

{%-   if user.ssh_auth is defined %}
users_{{ name }}_user_ssh_dir:
  file.directory:
    - name: {{ home }}/.ssh
    - user: {{ name }}
    - group: {{ user_group }}
    - mode: '0700'
    - require:
      - user: users_{{ name }}_user

{%-     for auth in user.ssh_auth %}
users_ssh_auth_{{ name }}_{{ loop.index0 }}:
  ssh_auth.present:
    - user: {{ name }}
    - name: {{ auth }}
    - require:
      - file: users_{{ name }}_user_ssh_dir
{%-     endfor %}
{%-   endif %}

{%-   if user.get('sudouser', False) %}
users_sudoer-{{ name }}:
  file.managed:
    - name: {{ users.sudoers_dir }}/{{ name }}
    - contents: |
        # File managed by Salt (users-formula): edits will be overwritten.
        {%- for rule in user.get('sudo_rules', ['ALL=(ALL) ALL']) %}
        {{ name }} {{ rule }}
        {%- endfor %}
    - mode: '0440'
    - makedirs: True
    - check_cmd: grep -q '^{{ name }} '
    - require:
      - user: users_{{ name }}_user
{%-   endif %}
{%- endfor %}

{%- for name, user in pillar.get('users', {}).items() if user.absent is defined and user.absent %}

users_absent_{{ name }}:
  user.absent:
    - name: {{ name }}
    - purge: {{ user.get('purge', False) }}
{%- endfor %}

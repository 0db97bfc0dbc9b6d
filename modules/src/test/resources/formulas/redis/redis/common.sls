{%- from "redis/map.jinja" import redis with context %}

redis-pkg:
  pkg.installed:
    - name: {{ redis.pkg }}

redis-group:
  group.present:
    - name: {{ redis.group }}
    - system: True

redis-user:
  user.present:
    - name: {{ redis.user }}
    - gid: {{ redis.group }}
    - home: {{ redis.home }}
    - createhome: False
    - shell: /usr/sbin/nologin
    - system: True
    - fullname: Redis server
    - require:
      - group: redis-group

redis-home:
  file.directory:
    - name: {{ redis.home }}
    - user: {{ redis.user }}
    - group: {{ redis.group }}
    - mode: '0750'
    - makedirs: True
    - require:
      - user: redis-user

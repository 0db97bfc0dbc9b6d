{#- A three-tier release: the database first, then the application servers one at a time, then the load
    balancer, which finds the application servers in the mine. Run it with:
        brine orchestrate orch.deploy --pillar '{"release": "1.4"}'
    A database that fails halts everything that requires it, and the rollback runs instead. -#}
{%- set release = pillar.get('release', '1.0') %}
{%- set tiers = {'release': release, 'break_db': pillar.get('break_db', False)} %}

database:
  salt.state:
    - tgt: 'role:db'
    - tgt_type: grain
    - sls: tier.db
    - pillar: {{ tiers | json }}

# The database host says when it accepts connections: its own start script runs
# 'brine event send tier/db/ready' (Salt: salt-call event.send tier/db/ready).
database_ready:
  salt.wait_for_event:
    - name: tier/db/ready
    - id_list: {{ pillar.get('db_minions', ['db1']) | json }}
    - timeout: {{ pillar.get('db_ready_timeout', 300) }}
    - require:
      - salt: database

# Runs whatever became of the database: it depends on nothing.
announce:
  salt.function:
    - name: test.echo
    - tgt: 'role:lb'
    - tgt_type: grain
    - arg:
      - "release {{ release }} under way"

app_addresses:
  salt.function:
    - name: mine.update
    - tgt: 'role:app'
    - tgt_type: grain
    - require:
      - salt: database_ready

app_servers:
  salt.state:
    - tgt: 'role:app'
    - tgt_type: grain
    - sls: tier.app
    - batch: 1
    - pillar: {{ tiers | json }}
    - require:
      - salt: database_ready

load_balancer:
  salt.state:
    - tgt: 'role:lb'
    - tgt_type: grain
    - sls: tier.lb
    - require:
      - salt: app_servers
      - salt: app_addresses

rollback_database:
  salt.state:
    - tgt: 'role:db'
    - tgt_type: grain
    - sls: tier.db_rollback
    - onfail:
      - salt: database
